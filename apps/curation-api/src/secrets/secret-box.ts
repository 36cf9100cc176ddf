// Encrypts what the API must keep but never show: media-server tokens, *arr and Overseerr API
// keys, Plex account tokens of sessions. AES-256-GCM with a fresh 96-bit nonce per value, and the
// value's purpose as associated data, so a ciphertext copied into another column does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DomainError } from '@platform/service-kit';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error(`SecretBox needs a 32-byte key, got ${key.length} bytes`);
    this.key = Buffer.from(key);
  }

  /** `v1.<nonce>.<ciphertext+tag>` in base64url; `purpose` must be given again to open it. */
  seal(plaintext: string, purpose: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${nonce.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /** The plaintext; a 'unavailable' domain error when the value was sealed with another key or purpose. */
  open(sealed: string, purpose: string): string {
    const [version, nonceText, bodyText] = sealed.split('.');
    const nonce = Buffer.from(nonceText ?? '', 'base64url');
    const body = Buffer.from(bodyText ?? '', 'base64url');
    if (version !== VERSION || nonce.length !== NONCE_BYTES || body.length < TAG_BYTES) {
      throw cannotOpen(purpose);
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, nonce);
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(body.subarray(0, body.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw cannotOpen(purpose);
    }
  }
}

function cannotOpen(purpose: string): DomainError {
  return new DomainError(
    'unavailable',
    'secrets.cannot-open',
    `A stored ${purpose} cannot be decrypted: CURATION_SECRET_KEY is not the key it was stored with. Restore that key, or enter the ${purpose} again.`,
  );
}
