import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileSecretResolver, withoutOneTrailingNewline } from './file-secret.resolver';
import type { BackendSecretReference } from './secret-resolution';

const server = (secretPath: string | undefined): BackendSecretReference => ({
  id: 'files',
  secretProvider: 'File',
  secretPath,
});

describe('FileSecretResolver', () => {
  let root: string;
  let secrets: string;
  let resolver: FileSecretResolver;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'file-secret-'));
    secrets = path.join(root, 'secrets');
    await mkdir(secrets);
    resolver = new FileSecretResolver({ allowedDirectories: [secrets], maxBytes: 1024 });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const write = async (name: string, content: string | Buffer): Promise<string> => {
    const file = path.join(secrets, name);
    await writeFile(file, content);
    return file;
  };

  it('reads the file and removes exactly one trailing newline', async () => {
    expect(await resolver.resolve(server(await write('a', 'token-a\n')))).toEqual({
      kind: 'secret',
      value: 'token-a',
    });
    expect(await resolver.resolve(server(await write('b', 'token-b\n\n')))).toEqual({
      kind: 'secret',
      value: 'token-b\n',
    });
    expect(await resolver.resolve(server(await write('c', ' spaced \r\n')))).toEqual({
      kind: 'secret',
      value: ' spaced ',
    });
  });

  it('follows Kubernetes Secret volume symlinks inside the allowed directory', async () => {
    // The kubelet's layout: <key> -> ..data/<key>, ..data -> ..<timestamp>/
    await mkdir(path.join(secrets, '..2026_01_01'));
    await writeFile(path.join(secrets, '..2026_01_01', 'api-key'), 'rotated-value\n');
    await symlink('..2026_01_01', path.join(secrets, '..data'));
    await symlink('..data/api-key', path.join(secrets, 'api-key'));
    expect(await resolver.resolve(server(path.join(secrets, 'api-key')))).toEqual({
      kind: 'secret',
      value: 'rotated-value',
    });
  });

  it('refuses relative paths and an unset path', async () => {
    expect(await resolver.resolve(server('secrets/a'))).toMatchObject({ reason: 'not-configured' });
    expect(await resolver.resolve(server(undefined))).toMatchObject({ reason: 'not-configured' });
  });

  it('refuses files outside the allowed directories, also through .. and symlinks', async () => {
    const outside = path.join(root, 'outside');
    await writeFile(outside, 'not-for-backends');
    await symlink(outside, path.join(secrets, 'escape'));
    for (const candidate of [outside, path.join(secrets, '..', 'outside'), path.join(secrets, 'escape')]) {
      const result = await resolver.resolve(server(candidate));
      expect(result).toMatchObject({ kind: 'failed', reason: 'permission-denied' });
      expect(JSON.stringify(result)).not.toContain('not-for-backends');
    }
  });

  it('reports a missing file as not found', async () => {
    expect(await resolver.resolve(server(path.join(secrets, 'missing')))).toEqual({
      kind: 'failed',
      reason: 'not-found',
      message: `Secret of backend 'files' (File): ${path.join(secrets, 'missing')} does not exist`,
    });
  });

  it('refuses directories, empty files, oversized files and non-UTF-8 content', async () => {
    await mkdir(path.join(secrets, 'dir'));
    expect(await resolver.resolve(server(path.join(secrets, 'dir')))).toMatchObject({ reason: 'invalid' });
    expect(await resolver.resolve(server(await write('empty', '\n')))).toMatchObject({ reason: 'invalid' });
    const big = await resolver.resolve(server(await write('big', 'x'.repeat(1025))));
    expect(big).toMatchObject({
      reason: 'invalid',
      message: expect.stringContaining('larger than 1024 bytes'),
    });
    expect(await resolver.resolve(server(await write('exact', 'y'.repeat(1024))))).toMatchObject({
      kind: 'secret',
    });
    const latin1 = await resolver.resolve(server(await write('latin1', Buffer.from([0x70, 0xe4, 0x73]))));
    expect(latin1).toMatchObject({ reason: 'invalid', message: expect.stringContaining('not UTF-8') });
  });
});

describe('withoutOneTrailingNewline', () => {
  it.each([
    ['abc', 'abc'],
    ['abc\n', 'abc'],
    ['abc\r\n', 'abc'],
    ['abc\n\n', 'abc\n'],
    ['abc\r', 'abc\r'],
    ['\n', ''],
  ])('%j becomes %j', (input, output) => {
    expect(withoutOneTrailingNewline(input)).toBe(output);
  });
});
