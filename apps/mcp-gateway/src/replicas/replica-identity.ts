// This replica among the gateway's replicas: an id unique to this process start, the address the
// others reach it at, and the keys they share (replica-keys.ts). Sessions opened here get ids that
// name this replica, so a request for one that lands elsewhere can be forwarded here
// (docs/decisions/057-gateway-scale-out.md).
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { REPLICA_ID_BYTES, ReplicaKeys, type SessionOwner } from './replica-keys';

export interface ReplicaSettings {
  /** GATEWAY_REPLICA_SECRET; undefined: sessions are this replica's alone. */
  readonly secret?: string;
  /** GATEWAY_REPLICA_URL. */
  readonly url?: string;
  readonly host: string;
  readonly port: number;
}

export class ReplicaIdentity {
  /** Hex; a restarted replica is another one, even at the same address. */
  readonly id = randomBytes(REPLICA_ID_BYTES).toString('hex');
  readonly keys: ReplicaKeys;
  /** Where the other replicas reach this one. */
  readonly url: string;
  /** Whether other replicas can open this one's session ids (and so forward requests for them). */
  readonly shared: boolean;

  constructor(settings: ReplicaSettings) {
    this.keys = new ReplicaKeys(settings.secret);
    this.shared = settings.secret !== undefined;
    this.url = (settings.url ?? defaultUrl(settings.host, settings.port)).replace(/\/+$/, '');
  }

  /** A new session id for a session of `ownerKey` held here. */
  sessionId(ownerKey: string): string {
    return this.keys.seal({ replicaId: this.id, url: this.url, ownerTag: this.keys.ownerTag(ownerKey) });
  }

  /** What a session id says, when it is one of this gateway's. */
  owner(sessionId: string): SessionOwner | undefined {
    return this.keys.open(sessionId);
  }
}

/** HOST and PORT, or the first non-internal IPv4 address when HOST listens everywhere. */
function defaultUrl(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const address = wildcard ? (firstExternalIPv4() ?? '127.0.0.1') : host;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

function firstExternalIPv4(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((address) => address.family === 'IPv4' && !address.internal);
    if (found !== undefined) return found.address;
  }
  return undefined;
}
