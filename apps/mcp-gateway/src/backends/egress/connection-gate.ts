// Decides where each new connection to a backend may go. The host is checked against the network
// policy when the socket is about to be opened (a name resolved then, every answer checked), and
// the socket is opened to exactly the checked addresses: nothing resolves the name again behind
// the check, so a name that changes its answer (DNS rebinding) or answers with several addresses
// cannot lead a connection anywhere the policy refuses.
import type { ClientRequestArgs } from 'node:http';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  type BackendHostResolver,
  checkBackendHost,
  type NetworkPolicy,
  type ResolvedAddress,
} from '../validation';
import { BackendAddressError } from './backend-address.error';

/** How an agent's `createConnection` hands over the socket (or the reason there is none). */
export type ConnectionCallback = (error: Error | null, socket?: Duplex) => void;

export class ConnectionGate {
  constructor(
    private readonly policy: NetworkPolicy,
    private readonly resolve: BackendHostResolver,
  ) {}

  /**
   * Checks `options.host`, then calls `connect` with options whose `lookup` answers only the
   * checked addresses (a literal address is connected to as it is, without a lookup).
   */
  open(
    options: ClientRequestArgs,
    callback: ConnectionCallback,
    connect: (pinned: ClientRequestArgs) => Duplex,
  ): void {
    const host = options.host ?? options.hostname ?? 'localhost';
    checkBackendHost(host, this.policy, this.resolve).then(
      (decision) => {
        if (!decision.allowed) {
          callback(new BackendAddressError(decision));
          return;
        }
        let socket: Duplex;
        try {
          socket = connect({ ...options, lookup: pinnedLookup(decision.addresses) });
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        callback(null, socket);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

/** A `dns.lookup` stand-in that answers the checked addresses, in the shape net.connect asks for. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    const family = familyNumber(options.family);
    const usable: LookupAddress[] = addresses
      .filter((address) => family === 0 || address.family === family)
      .map(({ address, family: addressFamily }) => ({ address, family: addressFamily }));
    const first = usable[0];
    if (first === undefined) {
      const error: NodeJS.ErrnoException = new Error(`${hostname} has no checked IPv${family} address`);
      error.code = 'ENOTFOUND';
      callback(error, '');
    } else if (options.all === true) {
      callback(null, usable);
    } else {
      callback(null, first.address, first.family);
    }
  };
}

function familyNumber(family: LookupOptions['family']): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}
