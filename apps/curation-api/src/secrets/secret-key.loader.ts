// Where the SecretBox key comes from: CURATION_SECRET_KEY, else a key file in the data directory,
// generated on first start. A generated key is only as safe as that directory and is lost with
// it, so its creation is logged as a warning telling the operator to set the variable.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_KEY_FILE = 'curation-secret.key';

export interface SecretKeySource {
  readonly CURATION_SECRET_KEY?: string;
  readonly DATABASE_DATA_DIR: string;
}

export interface LoadedSecretKey {
  readonly key: Buffer;
  /** Set when the key was generated now: the file it was written to, or `memory`. */
  readonly generatedAt?: string;
}

/** DATABASE_DATA_DIR's value for an embedded database kept in memory only. */
const IN_MEMORY = 'memory';

export function loadSecretKey(source: SecretKeySource): LoadedSecretKey {
  if (source.CURATION_SECRET_KEY !== undefined) {
    return { key: Buffer.from(source.CURATION_SECRET_KEY, 'base64') };
  }
  // The database goes with the process, so what it sealed needs no key that outlives it.
  if (source.DATABASE_DATA_DIR === IN_MEMORY) return { key: randomBytes(32), generatedAt: IN_MEMORY };
  const path = join(source.DATABASE_DATA_DIR, SECRET_KEY_FILE);
  const existing = readKeyFile(path);
  if (existing !== undefined) return { key: existing };
  mkdirSync(source.DATABASE_DATA_DIR, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    // `wx`: never overwrite a key another process wrote meanwhile; read theirs instead.
    writeFileSync(path, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    const written = readKeyFile(path);
    if (written !== undefined) return { key: written };
    throw error;
  }
  return { key, generatedAt: path };
}

function readKeyFile(path: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) {
    throw new Error(`${path} does not hold a 32-byte base64 key; restore it or set CURATION_SECRET_KEY`);
  }
  return key;
}
