// The `File` provider: the secret is the content of the file at `secretPath`, typically a key
// of a Kubernetes Secret mounted as a volume. Files are read on every resolution, so a rotated
// Secret (the kubelet swaps the `..data` symlink) is picked up without a restart.
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { propertyOf } from '@platform/service-kit';
import type { BackendSecretReference, SecretResolution, SecretResolver } from './secret-resolution';
import { secretFailure } from './secret-resolution';

/** API keys and tokens are far smaller; a bigger file is a mistake (a wrong path), not a secret. */
export const MAX_SECRET_FILE_BYTES = 64 * 1024;

export interface FileSecretResolverOptions {
  /** Absolute directories; a file is read only when its real path (symlinks resolved) is inside one. */
  readonly allowedDirectories: readonly string[];
  readonly maxBytes?: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export class FileSecretResolver implements SecretResolver {
  private readonly maxBytes: number;

  constructor(private readonly options: FileSecretResolverOptions) {
    this.maxBytes = options.maxBytes ?? MAX_SECRET_FILE_BYTES;
  }

  async resolve(server: BackendSecretReference): Promise<SecretResolution> {
    const filePath = server.secretPath?.trim() ?? '';
    if (filePath === '')
      return secretFailure(server, 'not-configured', 'secretPath (the file path) is not set');
    // A relative path would depend on the gateway's working directory, which nobody configures on purpose.
    if (!path.isAbsolute(filePath) || filePath.includes('\0')) {
      return secretFailure(server, 'not-configured', 'secretPath must be an absolute file path');
    }
    try {
      return await this.read(server, filePath);
    } catch (error) {
      return failureFromFileError(server, filePath, error);
    }
  }

  private async read(server: BackendSecretReference, filePath: string): Promise<SecretResolution> {
    const realFile = await realpath(filePath);
    if (!(await this.isAllowed(realFile))) {
      // Whoever edits a backend record also picks the URL the secret is sent to; without this
      // check /proc/self/environ or the service-account token would be one edit away.
      return secretFailure(
        server,
        'permission-denied',
        `${filePath} is outside the directories allowed for secret files (GATEWAY_SECRET_FILE_DIRS)`,
      );
    }
    // O_NONBLOCK: opening a FIFO must not hang the gateway. O_NOFOLLOW: the checked path is the one read.
    const handle = await open(realFile, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) return secretFailure(server, 'invalid', `${filePath} is not a regular file`);
      const bytes = await readAtMost(handle, this.maxBytes + 1);
      if (stat.size > this.maxBytes || bytes.length > this.maxBytes) {
        return secretFailure(server, 'invalid', `${filePath} is larger than ${this.maxBytes} bytes`);
      }
      let text: string;
      try {
        text = utf8.decode(bytes);
      } catch {
        return secretFailure(server, 'invalid', `${filePath} is not UTF-8 text`);
      }
      const value = withoutOneTrailingNewline(text);
      if (value === '') return secretFailure(server, 'invalid', `${filePath} is empty`);
      return { kind: 'secret', value };
    } finally {
      await handle.close();
    }
  }

  private async isAllowed(realFile: string): Promise<boolean> {
    for (const directory of this.options.allowedDirectories) {
      const realDirectory = await realpath(directory).catch(() => undefined);
      if (realDirectory !== undefined && realFile.startsWith(realDirectory + path.sep)) return true;
    }
    return false;
  }
}

/** `kubectl create secret --from-file` keeps the editor's final newline; one is removed, nothing else. */
export function withoutOneTrailingNewline(text: string): string {
  if (text.endsWith('\r\n')) return text.slice(0, -2);
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

async function readAtMost(handle: FileHandle, limit: number): Promise<Buffer> {
  const buffer = Buffer.alloc(limit);
  let filled = 0;
  while (filled < limit) {
    const { bytesRead } = await handle.read(buffer, filled, limit - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

function failureFromFileError(
  server: BackendSecretReference,
  filePath: string,
  error: unknown,
): SecretResolution {
  const code = propertyOf(error, 'code');
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return secretFailure(server, 'not-found', `${filePath} does not exist`);
    case 'EACCES':
    case 'EPERM':
      return secretFailure(server, 'permission-denied', `${filePath} is not readable by the gateway`);
    case 'ELOOP':
    case 'EISDIR':
      return secretFailure(server, 'invalid', `${filePath} is not a regular file`);
    default:
      return secretFailure(
        server,
        'unavailable',
        `${filePath} could not be read (${typeof code === 'string' ? code : 'unknown error'})`,
      );
  }
}
