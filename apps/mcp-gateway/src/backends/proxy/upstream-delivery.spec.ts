import { describe, expect, it } from '@jest/globals';
import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import type { UpstreamLink } from '../connections/backend-connection';
import { isLinkFailure } from '../connections/send-failure';
import { isSessionNotFound } from '../connections/session-loss';
import { type DeliveryAttempt, deliverUpstream } from './upstream-delivery';

const SESSION = 'session-1';

function httpError(status: number, text = ''): SdkHttpError {
  return new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: ${text}`, {
    status,
    text,
  });
}

/** A link whose sends fail with the scripted errors, one per send, then succeed. */
class FakeLink implements UpstreamLink {
  readonly serverId = 'files';
  readonly reportedFailures: unknown[] = [];
  private readonly failures: unknown[];
  sends = 0;
  renewals = 0;
  current = true;
  next?: FakeLink;

  constructor(failures: unknown[] = []) {
    this.failures = [...failures];
  }

  async send(): Promise<void> {
    this.sends += 1;
    const failure = this.failures.shift();
    if (failure !== undefined) throw failure;
  }

  reportFailure(error: unknown): void {
    this.reportedFailures.push(error);
  }

  isCurrent(): boolean {
    return this.current;
  }

  lostSession(error: unknown): boolean {
    return isSessionNotFound(error, SESSION);
  }

  refusedMessage(error: unknown): boolean {
    return !isLinkFailure(error);
  }

  async renewSession(): Promise<UpstreamLink> {
    this.renewals += 1;
    if (this.next === undefined) throw new Error('handshake failed');
    return this.next;
  }
}

function attempt(first: FakeLink, options: { pending?: () => boolean } = {}) {
  const links: UpstreamLink[] = [];
  let delivered = 0;
  const delivery: DeliveryAttempt = {
    connect: async () => first,
    send: (link) => link.send({ jsonrpc: '2.0', id: 'x', method: 'tools/call' }),
    isPending: options.pending ?? (() => true),
    onLink: (link) => links.push(link),
    onDelivered: () => {
      delivered += 1;
    },
  };
  return { delivery, links, delivered: () => delivered };
}

describe('deliverUpstream', () => {
  it('delivers on the first link when the send succeeds', async () => {
    const link = new FakeLink();
    const { delivery, links, delivered } = attempt(link);
    expect(await deliverUpstream(delivery)).toEqual({ kind: 'delivered' });
    expect(links).toEqual([link]);
    expect(delivered()).toBe(1);
    expect(link.renewals).toBe(0);
  });

  it('renews a refused session once and sends again on the new link', async () => {
    const stale = new FakeLink([httpError(404)]);
    stale.next = new FakeLink();
    const { delivery, links, delivered } = attempt(stale);
    expect(await deliverUpstream(delivery)).toEqual({ kind: 'delivered' });
    expect(links).toEqual([stale, stale.next]);
    expect([stale.sends, stale.next.sends, stale.renewals]).toEqual([1, 1, 1]);
    expect(delivered()).toBe(1);
    expect(stale.reportedFailures).toEqual([]);
  });

  it('treats a 400 about the session like a 404 (servers built from the SDK example)', async () => {
    const stale = new FakeLink([
      httpError(400, '{"error":{"message":"Bad Request: No valid session ID provided"}}'),
    ]);
    stale.next = new FakeLink();
    expect(await deliverUpstream(attempt(stale).delivery)).toEqual({ kind: 'delivered' });
    expect(stale.renewals).toBe(1);
  });

  it('gives up after one renewal when the new session is refused too', async () => {
    const stale = new FakeLink([httpError(404)]);
    const renewed = new FakeLink([httpError(404)]);
    renewed.next = new FakeLink();
    stale.next = renewed;
    const outcome = await deliverUpstream(attempt(stale).delivery);
    expect(outcome).toMatchObject({ kind: 'session-refused', error: { status: 404 } });
    expect([stale.renewals, renewed.renewals, renewed.sends, renewed.next.sends]).toEqual([1, 0, 1, 0]);
  });

  it('reports a failed connection as a lost link without retrying', async () => {
    const failure = new TypeError('fetch failed', {
      cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    });
    const link = new FakeLink([failure]);
    link.next = new FakeLink();
    expect(await deliverUpstream(attempt(link).delivery)).toEqual({
      kind: 'link-lost',
      reason: 'fetch failed: read ECONNRESET',
    });
    expect(link.reportedFailures).toEqual([failure]);
    expect(link.renewals).toBe(0);
  });

  it.each([
    ['the backend answered it with an HTTP error', httpError(413, 'request entity too large')],
    ['it could not be encoded', captured(() => JSON.stringify(nested(100_000)))],
    ['the transport refused a header made from it', captured(() => new Headers().set('mcp-method', 'a\nb'))],
  ])('fails only the request when %s: the link is neither reported nor renewed', async (_case, failure) => {
    const link = new FakeLink([failure]);
    link.next = new FakeLink();
    expect(await deliverUpstream(attempt(link).delivery)).toEqual({ kind: 'refused', error: failure });
    expect(link.reportedFailures).toEqual([]);
    expect(link.renewals).toBe(0);
  });

  it('reports a send that failed because its link closed meanwhile as a lost link, whatever the error', async () => {
    const link = new FakeLink([new Error('Error POSTing to endpoint (HTTP 502): bad gateway')]);
    const { delivery } = attempt(link);
    const closing: DeliveryAttempt = {
      ...delivery,
      send: async (sent) => {
        link.current = false;
        await sent.send({ jsonrpc: '2.0', id: 'x', method: 'tools/call' });
      },
    };
    expect(await deliverUpstream(closing)).toMatchObject({ kind: 'link-lost' });
    expect(link.reportedFailures).toEqual([]);
  });

  it('fails a request whose link closed while it was being sent', async () => {
    const link = new FakeLink();
    const { delivery, delivered } = attempt(link);
    const closing: DeliveryAttempt = {
      ...delivery,
      send: async (sent) => {
        await sent.send({ jsonrpc: '2.0', id: 'x', method: 'tools/call' });
        link.current = false;
      },
    };
    expect(await deliverUpstream(closing)).toMatchObject({ kind: 'link-lost' });
    expect(delivered()).toBe(0);
  });

  it('is unreachable when no link can be had, or the renewal handshake fails', async () => {
    const unreachable: DeliveryAttempt = {
      ...attempt(new FakeLink()).delivery,
      connect: async () => {
        throw new Error('ECONNREFUSED');
      },
    };
    expect(await deliverUpstream(unreachable)).toMatchObject({ kind: 'unreachable' });
    const stale = new FakeLink([httpError(404)]);
    expect(await deliverUpstream(attempt(stale).delivery)).toMatchObject({
      kind: 'unreachable',
      error: { message: 'handshake failed' },
    });
  });

  it('stops as soon as the request ended (answered, cancelled or timed out)', async () => {
    const stale = new FakeLink([httpError(404)]);
    stale.next = new FakeLink();
    let pending = true;
    const { delivery } = attempt(stale, { pending: () => pending });
    const ending: DeliveryAttempt = {
      ...delivery,
      send: async (link) => {
        pending = false;
        await link.send({ jsonrpc: '2.0', id: 'x', method: 'tools/call' });
      },
    };
    expect(await deliverUpstream(ending)).toEqual({ kind: 'ended' });
    expect(stale.renewals).toBe(0);
  });
});

function nested(depth: number): unknown {
  let value: unknown = {};
  for (let level = 0; level < depth; level += 1) value = { inner: value };
  return value;
}

/** The error `action` throws. */
function captured(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}
