// Sealed secrets open only with the same key and purpose, and a key generated into the data
// directory is the one later starts (and other processes) read back.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { SecretBox } from './secret-box';
import { loadSecretKey, SECRET_KEY_FILE } from './secret-key.loader';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, for any text, and never shows the plaintext in the sealed form', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8 }), fc.string({ minLength: 1 }), (secret, purpose) => {
        const sealed = box.seal(secret, purpose);
        expect(sealed).not.toContain(secret);
        expect(box.open(sealed, purpose)).toBe(secret);
      }),
    );
  });

  it('seals the same value differently each time (a fresh nonce)', () => {
    expect(box.seal('k', 'p')).not.toBe(box.seal('k', 'p'));
  });

  it('refuses another purpose, another key, and a tampered value, naming the purpose', () => {
    const sealed = box.seal('sonarr-key', 'connection API key');
    expect(() => box.open(sealed, 'media server token')).toThrow(
      /stored media server token cannot be decrypted/,
    );
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'connection API key')).toThrow(
      /CURATION_SECRET_KEY/,
    );
    const [version, nonce, body] = sealed.split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1) ?? ''}`;
    expect(() => box.open(`${version}.${nonce}.${flipped}`, 'connection API key')).toThrow(
      /cannot be decrypted/,
    );
    expect(() => box.open('garbage', 'connection API key')).toThrow(/cannot be decrypted/);
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32-byte key/);
  });
});

describe('loadSecretKey', () => {
  let directory: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'secret-key-'));
  });
  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('takes CURATION_SECRET_KEY when set, and writes no file', () => {
    const key = randomBytes(32);
    const loaded = loadSecretKey({
      CURATION_SECRET_KEY: key.toString('base64'),
      DATABASE_DATA_DIR: directory,
    });
    expect(loaded).toEqual({ key });
    expect(() => statSync(join(directory, SECRET_KEY_FILE))).toThrow();
  });

  it('generates a key file readable only by its owner once, then reads it back', () => {
    const data = join(directory, 'curation-api');
    const first = loadSecretKey({ DATABASE_DATA_DIR: data });
    expect(first.generatedAt).toBe(join(data, SECRET_KEY_FILE));
    expect(statSync(join(data, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
    const second = loadSecretKey({ DATABASE_DATA_DIR: data });
    expect(second).toEqual({ key: first.key });
    expect(readFileSync(join(data, SECRET_KEY_FILE), 'utf8').trim()).toBe(first.key.toString('base64'));
  });

  it('keeps a key for an in-memory database in memory', () => {
    const loaded = loadSecretKey({ DATABASE_DATA_DIR: 'memory' });
    expect(loaded.generatedAt).toBe('memory');
    expect(loaded.key).toHaveLength(32);
  });

  it('refuses a key file that does not hold 32 bytes, instead of replacing it', () => {
    writeFileSync(join(directory, SECRET_KEY_FILE), 'c2hvcnQ=\n');
    expect(() => loadSecretKey({ DATABASE_DATA_DIR: directory })).toThrow(
      /does not hold a 32-byte base64 key/,
    );
    expect(readFileSync(join(directory, SECRET_KEY_FILE), 'utf8')).toBe('c2hvcnQ=\n');
  });
});
