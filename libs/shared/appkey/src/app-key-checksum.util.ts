// The CRC32 tail of an AppKey secret. It is not a security measure (the digest is); it lets
// the gateway reject typos and garbage before touching the database, and lets secret scanners
// tell real keys from look-alikes offline.
import { crc32 } from 'node:zlib';
import { CHECKSUM_HEX_LENGTH } from './app-key-format.constants';

/** CRC32 of the UTF-8 of `mcp-<slug>-<selector>-<first 56 hex of the secret>`, as 8 lowercase hex. */
export function appKeyChecksum(checksummedPart: string): string {
  return crc32(checksummedPart).toString(16).padStart(CHECKSUM_HEX_LENGTH, '0');
}

/** True when the last 8 characters are the checksum of everything before them. */
export function hasValidAppKeyChecksum(key: string): boolean {
  const checksummedPart = key.slice(0, -CHECKSUM_HEX_LENGTH);
  return appKeyChecksum(checksummedPart) === key.slice(-CHECKSUM_HEX_LENGTH);
}
