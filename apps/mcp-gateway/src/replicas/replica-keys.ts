// The cryptography that lets replicas of one gateway share sessions without sharing state
// (docs/decisions/057-gateway-scale-out.md):
// - a sealed session id (AES-256-GCM) names the replica that holds the session, where it is
//   reached, and a tag of the session's owner, so any replica can route a request for it, and a
//   forged or altered id opens nowhere;
// - a forwarded request carries the caller as the forwarding replica authenticated it, with an
//   HMAC-SHA-256 over that caller, the request line, the session it names and its body, so only a
//   replica holding the shared secret can speak for a caller.
// Both keys come from GATEWAY_REPLICA_SECRET through HKDF; without it each process makes its own,
// and its ids open nowhere else.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { Principal } from '../access/principal';

const SEAL_VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const REPLICA_ID_BYTES = 8;
const OWNER_TAG_BYTES = 16;
/** version, replica id, owner tag, then the replica's URL. */
const FIXED_PLAINTEXT_BYTES = 1 + REPLICA_ID_BYTES + OWNER_TAG_BYTES;
/** Session ids longer than this are not ours (a URL of a few dozen characters gives about 130). */
const MAX_SESSION_ID_LENGTH = 512;
/** A forwarded request older (or newer) than this is refused: the window a captured one could be replayed in. */
export const FORWARD_MAX_AGE_MS = 30_000;
const FORWARD_VERSION = 'v1';

/** What a sealed session id says about its session. */
export interface SessionOwner {
  /** The replica holding the session (hex), unique per process start. */
  readonly replicaId: string;
  /** Where that replica is reached by the others (`http://10.0.3.7:8080`). */
  readonly url: string;
  /** A digest of the session owner's key (ownerKeyOf): a non-owner refuses other callers without a hop. */
  readonly ownerTag: string;
}

/** What a forwarding replica vouches for. */
export interface ForwardedCaller {
  /** The replica the request is for (a restarted replica at the same address is another one). */
  readonly to: string;
  /** When it was forwarded (ms since the epoch). */
  readonly at: number;
  readonly principal: Principal;
}

/** The parts of a request a forward's proof covers, besides the caller. */
export interface ForwardBinding {
  readonly method: string;
  readonly url: string;
  readonly sessionHeader: string | undefined;
  /** The body as forwarded (JSON text), or '' for none. */
  readonly body: string;
}

export class ReplicaKeys {
  private readonly sealKey: Buffer;
  private readonly forwardKey: Buffer;

  /** `secret` undefined: keys of this process only. */
  constructor(secret: string | undefined) {
    const input = secret === undefined ? randomBytes(32) : Buffer.from(secret, 'utf8');
    const salt = Buffer.from('mcp-gateway replicas', 'utf8');
    this.sealKey = Buffer.from(hkdfSync('sha256', input, salt, 'session id seal', 32));
    this.forwardKey = Buffer.from(hkdfSync('sha256', input, salt, 'forwarded request', 32));
  }

  /** The owner tag of an owner key (ownerKeyOf), as sealed ids carry it. */
  ownerTag(ownerKey: string): string {
    return createHash('sha256').update(ownerKey).digest().subarray(0, OWNER_TAG_BYTES).toString('hex');
  }

  /** A new session id naming its owner; base64url, so it fits a header and a query string as is. */
  seal(owner: SessionOwner): string {
    const plaintext = Buffer.concat([
      Buffer.from([SEAL_VERSION]),
      Buffer.from(owner.replicaId, 'hex'),
      Buffer.from(owner.ownerTag, 'hex'),
      Buffer.from(owner.url, 'utf8'),
    ]);
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, nonce);
    const sealed = Buffer.concat([nonce, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    return sealed.toString('base64url');
  }

  /** What a session id says, or undefined when it is not a valid id sealed with these keys. */
  open(sessionId: string): SessionOwner | undefined {
    if (sessionId.length > MAX_SESSION_ID_LENGTH || !/^[A-Za-z0-9_-]+$/.test(sessionId)) return undefined;
    const sealed = Buffer.from(sessionId, 'base64url');
    if (sealed.length < NONCE_BYTES + FIXED_PLAINTEXT_BYTES + TAG_BYTES) return undefined;
    const nonce = sealed.subarray(0, NONCE_BYTES);
    const tag = sealed.subarray(sealed.length - TAG_BYTES);
    let plaintext: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.sealKey, nonce);
      decipher.setAuthTag(tag);
      plaintext = Buffer.concat([
        decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      return undefined;
    }
    if (plaintext[0] !== SEAL_VERSION) return undefined;
    return {
      replicaId: plaintext.subarray(1, 1 + REPLICA_ID_BYTES).toString('hex'),
      ownerTag: plaintext.subarray(1 + REPLICA_ID_BYTES, FIXED_PLAINTEXT_BYTES).toString('hex'),
      url: plaintext.subarray(FIXED_PLAINTEXT_BYTES).toString('utf8'),
    };
  }

  /** The header value proving that this replica forwards `caller`'s request. */
  signForward(caller: ForwardedCaller, binding: ForwardBinding): string {
    const payload = Buffer.from(JSON.stringify(caller), 'utf8').toString('base64url');
    return `${FORWARD_VERSION}.${payload}.${this.forwardMac(payload, binding).toString('base64url')}`;
  }

  /**
   * The caller a forwarded request speaks for, when its proof holds and it is recent: `elsewhere`
   * when it was meant for another replica (one that held this address before: the session is gone
   * with it); undefined when the proof does not hold or it is too old.
   */
  verifyForward(
    header: string,
    binding: ForwardBinding,
    self: string,
    now: number,
  ): ForwardedCaller | 'elsewhere' | undefined {
    const [version, payload, mac, extra] = header.split('.');
    if (version !== FORWARD_VERSION || payload === undefined || mac === undefined || extra !== undefined)
      return undefined;
    const expected = this.forwardMac(payload, binding);
    const presented = Buffer.from(mac, 'base64url');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
    let caller: ForwardedCaller;
    try {
      caller = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'), reviveDates) as ForwardedCaller;
    } catch {
      return undefined;
    }
    if (typeof caller.at !== 'number' || Math.abs(now - caller.at) > FORWARD_MAX_AGE_MS) return undefined;
    return caller.to === self ? caller : 'elsewhere';
  }

  private forwardMac(payload: string, binding: ForwardBinding): Buffer {
    const bodyDigest = createHash('sha256').update(binding.body).digest('hex');
    return createHmac('sha256', this.forwardKey)
      .update(
        [FORWARD_VERSION, binding.method, binding.url, binding.sessionHeader ?? '', payload, bodyDigest].join(
          '\n',
        ),
      )
      .digest();
  }
}

/** The principal's one date field travels as ISO text. */
function reviveDates(key: string, value: unknown): unknown {
  return key === 'credentialValidUntil' && typeof value === 'string' ? new Date(value) : value;
}
