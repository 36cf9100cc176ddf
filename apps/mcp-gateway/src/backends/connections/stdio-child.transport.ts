// The SDK client transport for a stdio backend, over the gateway's own child manager (which
// enforces the command-line policy, cleans the environment and kills the whole process group)
// rather than the SDK's StdioClientTransport (which kills the direct child only, leaving
// npx/uvx grandchildren behind). One stdout line is one JSON-RPC message.
import { type JSONRPCMessage, parseJSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { type StdioChild, type StdioSecret, stdioStartError } from '../stdio';
import { TransportSetupError } from './network-transport.factory';

export class StdioChildTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  constructor(
    private readonly child: StdioChild,
    private readonly secret: StdioSecret,
  ) {}

  async start(): Promise<void> {
    this.child.on('line', this.receive);
    this.child.on('exit', this.exited);
    const result = await this.child.start(this.secret);
    if (!result.ok) {
      this.detach();
      // A policy or secret refusal waits for a changed definition; so does a missing executable.
      throw new TransportSetupError(stdioStartError(this.child.serverId, result.failure).message, true);
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.child.send(JSON.stringify(message));
  }

  async close(): Promise<void> {
    await this.child.stop();
  }

  private readonly receive = (line: string): void => {
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(JSON.parse(line));
    } catch {
      // stdout is reserved for MCP messages; anything else is the backend's bug, not a reason to drop the session.
      this.onerror?.(
        new Error(`server "${this.child.serverId}" wrote a line that is not a JSON-RPC message`),
      );
      return;
    }
    this.onmessage?.(message);
  };

  private readonly exited = (): void => {
    this.detach();
    this.onclose?.();
  };

  private detach(): void {
    this.child.off('line', this.receive);
    this.child.off('exit', this.exited);
  }
}
