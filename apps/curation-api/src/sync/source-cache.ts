// The source cache as the fetch sees it (docs/decisions/052): what the last successful sync read
// from each source, looked up by key and scope, and the updates this sync will store if it
// succeeds. Payloads are lists of parsed, already-validated records, written as JSON lines and
// gzip-compressed at zlib's fastest level; an entry that does not decode is "not cached", never an
// error, so the fetch reads that source instead.
import { createHash } from 'node:crypto';
import { createGzip, gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Connection } from '../connections/connection.repository';
import type { MediaServerBinding } from '../mediaserver/media-server-binding.repository';

/** Part of every scope: a change to what payloads hold makes every older entry unusable. */
// v2: Plex items keep their `thumb` (migration 1797100000000).
const CACHE_FORMAT = 'v2';

/** An entry as stored by the last successful sync. */
export interface StoredSource {
  readonly scope: string;
  readonly version: string;
  readonly payload: Buffer;
  /** SHA-256 of the payload when it was written. */
  readonly payloadDigest: string;
  /** True when its payload was last read from the source more than a day ago: read it again. */
  readonly due: boolean;
}

/** A part of the snapshot taken from the cache, decoded only if the catalog has to be built. */
export type Lazy<T> = () => Promise<T>;

/**
 * A stored payload that matched its digest but did not decode: only a defect can cause it. The
 * sync fails, and forgets its cache so the next one reads every source.
 */
export class UnreadableCachePayload extends Error {
  constructor(key: string) {
    super(`the cached payload of ${key} matched its digest but did not decode`);
  }
}

/** An entry this sync stores when it succeeds. */
export interface SourceUpdate {
  readonly key: string;
  readonly scope: string;
  readonly version: string;
  /** Encoding starts when the update is made; zlib compresses on its own threads. */
  readonly payload: Promise<Buffer>;
  /** True when this sync read the whole source (the entry's read time restarts). */
  readonly readWhole: boolean;
}

/** What a fetch leaves for the switch to store. */
export interface SourceCacheResult {
  readonly updates: readonly SourceUpdate[];
  /** Keys whose stored entries still describe their sources, with what is stored for them. */
  readonly kept: readonly (Pick<StoredSource, 'version' | 'payloadDigest'> & { readonly key: string })[];
  /** False when some part of the snapshot was read but not cached (a Plex section without a marker). */
  readonly complete: boolean;
}

export class SourceCache {
  private readonly updates: SourceUpdate[] = [];
  private readonly kept = new Set<string>();
  private complete = true;

  constructor(private readonly stored: ReadonlyMap<string, StoredSource>) {}

  /**
   * The stored entry for `key` when it belongs to `scope`, no full read is due, and its bytes are
   * the ones written (a corrupt payload is not cached).
   */
  usable(key: string, scope: string): StoredSource | undefined {
    const entry = this.stored.get(key);
    if (entry === undefined || entry.scope !== scope || entry.due) return undefined;
    return digestOfBytes(entry.payload) === entry.payloadDigest ? entry : undefined;
  }

  /** An entry's lists, decoded when first asked for; a defect if they do not decode. */
  lazyLists<T>(key: string, entry: StoredSource, listCount: number): Lazy<T[][]> {
    let decoded: Promise<T[][]> | undefined;
    return () =>
      (decoded ??= decodeLists(entry.payload, listCount).then((lists) => {
        if (lists === null) throw new UnreadableCachePayload(key);
        return lists as T[][];
      }));
  }

  /** The entry stays as stored: it still describes its source. */
  keep(key: string): void {
    this.kept.add(key);
  }

  /** A part of the snapshot no entry describes: the snapshot cannot be told unchanged from its entries. */
  notCached(): void {
    this.complete = false;
  }

  update(
    key: string,
    scope: string,
    version: string,
    lists: readonly (readonly unknown[])[],
    readWhole: boolean,
  ): void {
    const payload = encodeLists(lists);
    // Observed here so an encoding failure of a sync that fails anyway is not an unhandled rejection.
    payload.catch(() => undefined);
    this.updates.push({ key, scope, version, payload, readWhole });
  }

  /** What to store: the updates, and the keys kept as they are; every other stored key goes. */
  result(): SourceCacheResult {
    const kept = [...this.kept].flatMap((key) => {
      const entry = this.stored.get(key);
      return entry === undefined ? [] : [{ key, version: entry.version, payloadDigest: entry.payloadDigest }];
    });
    return { updates: [...this.updates], kept, complete: this.complete };
  }
}

export function plexScope(binding: MediaServerBinding): string {
  return [
    CACHE_FORMAT,
    'plex',
    binding.machineIdentifier,
    binding.baseUrl,
    binding.boundAt.toISOString(),
  ].join('|');
}

export function connectionScope(connection: Connection): string {
  return [CACHE_FORMAT, connection.type, connection.id, connection.baseUrl, String(connection.is4k)].join(
    '|',
  );
}

/** SHA-256 of stored bytes, as the payload digest column holds it. */
export function digestOfBytes(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/** Rows per chunk handed to zlib: large enough that calls do not matter, small enough to stay light. */
const LINES_PER_CHUNK = 2_000;

/** Lists as JSON lines: a first line with each list's length, then every row. */
export async function encodeLists(lists: readonly (readonly unknown[])[]): Promise<Buffer> {
  const gzip = createGzip({ level: 1 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  gzip.write(`${JSON.stringify(lists.map((list) => list.length))}\n`);
  let lines: string[] = [];
  for (const list of lists) {
    for (const row of list) {
      lines.push(JSON.stringify(row));
      if (lines.length === LINES_PER_CHUNK) {
        gzip.write(`${lines.join('\n')}\n`);
        lines = [];
      }
    }
  }
  if (lines.length > 0) gzip.write(`${lines.join('\n')}\n`);
  gzip.end();
  await ended;
  return Buffer.concat(chunks);
}

const gunzipAsync = promisify(gunzip);

/**
 * The lists back, or null when the payload is not what encodeLists wrote (corrupt bytes fail
 * gzip's checksum; a wrong count or a line that is not an object fails here).
 */
export async function decodeLists(payload: Buffer, listCount: number): Promise<unknown[][] | null> {
  let text: Buffer;
  try {
    text = await gunzipAsync(payload);
  } catch {
    return null;
  }
  try {
    let position = text.indexOf(10);
    if (position < 0) return null;
    const lengths: unknown = JSON.parse(text.toString('utf8', 0, position));
    if (
      !Array.isArray(lengths) ||
      lengths.length !== listCount ||
      !lengths.every((length) => Number.isSafeInteger(length) && (length as number) >= 0)
    ) {
      return null;
    }
    const lists: unknown[][] = [];
    for (const length of lengths as number[]) {
      const list: unknown[] = [];
      for (let index = 0; index < length; index += 1) {
        const start = position + 1;
        position = text.indexOf(10, start);
        if (position < 0) return null;
        const row: unknown = JSON.parse(text.toString('utf8', start, position));
        if (typeof row !== 'object' || row === null) return null;
        list.push(row);
      }
      lists.push(list);
    }
    return position === text.length - 1 ? lists : null;
  } catch {
    return null;
  }
}
