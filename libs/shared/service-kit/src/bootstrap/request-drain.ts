// What a shutdown waits for. Tracks every response the HTTP server has open; once the drain
// starts, endless event streams are ended at once, and every other response closes its connection
// as soon as it is answered, so no keep-alive connection holds the server open afterwards.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isEndlessStream, MARKED_ENDLESS } from '../http/endless-streams';

export interface DrainStart {
  /** Endless event streams that were ended. */
  readonly streams: number;
  /** Requests still being answered, which the drain waits for. */
  readonly inFlight: number;
}

export class RequestDrain {
  private readonly open = new Set<ServerResponse>();
  private draining = false;
  private readonly settledWaiters: Array<() => void> = [];

  constructor(server: Server) {
    server.on('request', (request: IncomingMessage, response: ServerResponse) =>
      this.track(request, response),
    );
  }

  /** Requests being answered now (endless streams not counted). */
  get inFlight(): number {
    return [...this.open].filter((response) => !isEndlessStream(response)).length;
  }

  /** Ends the endless streams and lets every other response close its connection once answered. */
  start(): DrainStart {
    this.draining = true;
    const responses = [...this.open];
    const streams = responses.filter((response) => isEndlessStream(response));
    for (const response of responses) this.wind(response);
    return { streams: streams.length, inFlight: responses.length - streams.length };
  }

  /** Resolves once every tracked response has closed. */
  settled(): Promise<void> {
    if (this.open.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  private track(request: IncomingMessage, response: ServerResponse): void {
    this.open.add(response);
    response.once('close', () => {
      this.open.delete(response);
      if (this.open.size === 0) for (const resolve of this.settledWaiters.splice(0)) resolve();
    });
    // A request that arrives on a kept-alive connection after the drain started is still served.
    if (this.draining) this.wind(response, request.socket);
  }

  private wind(response: ServerResponse, socket: Socket = response.req.socket): void {
    if (isEndlessStream(response)) {
      endStream(response, socket);
      return;
    }
    // One that turns out to be an endless stream later is ended as soon as it says so.
    response.once(MARKED_ENDLESS, () => endStream(response, socket));
    if (!response.headersSent) {
      // Sent with `Connection: close`, and Node closes the connection after it.
      response.shouldKeepAlive = false;
      return;
    }
    // Already streaming under keep-alive: close the connection once the answer is out.
    if (response.writableFinished) socket.end();
    else response.once('finish', () => socket.end());
  }
}

function endStream(response: ServerResponse, socket: Socket): void {
  if (response.writableEnded) return;
  response.once('finish', () => socket.end());
  response.end();
}
