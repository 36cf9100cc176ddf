// Plex's answer format and paging: a MediaContainer as JSON when the client sends
// `Accept: application/json`, XML otherwise; container start and size read from headers or query.
import { headerValue, queryValue } from '../http/simulator-server';
import type { SimulatorRequest, SimulatorResponse } from '../http/simulator-server';
import { toXml } from '../http/xml';

export interface PlexPagingOptions {
  /** The most rows a page holds whatever the client asked for (real servers cap large pages). */
  readonly maxContainerSize?: number;
  /**
   * When true, pages other than the last hold one or two rows fewer than asked, as real servers do
   * when items are filtered after paging: clients must advance by the rows received.
   */
  readonly shortPages?: boolean;
}

export interface Page<T> {
  readonly rows: readonly T[];
  readonly offset: number;
  readonly totalSize: number;
}

export function wantsJson(request: SimulatorRequest): boolean {
  return (headerValue(request, 'accept') ?? '').toLowerCase().includes('application/json');
}

export function paginate<T>(
  request: SimulatorRequest,
  rows: readonly T[],
  paging: PlexPagingOptions,
): Page<T> {
  const start = readInteger(request, 'X-Plex-Container-Start') ?? 0;
  const asked = readInteger(request, 'X-Plex-Container-Size') ?? rows.length;
  let size = Math.min(asked, paging.maxContainerSize ?? Number.POSITIVE_INFINITY);
  if (paging.shortPages === true && start + size < rows.length && size > 1) {
    size = Math.max(1, size - 1 - (Math.floor(start / Math.max(1, asked)) % 2));
  }
  return { rows: rows.slice(start, start + Math.max(0, size)), offset: start, totalSize: rows.length };
}

function readInteger(request: SimulatorRequest, name: string): number | undefined {
  const raw = headerValue(request, name) ?? queryValue(request, name);
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Plex writes JSON `Metadata` as `<Video>` (movies, episodes) or `<Directory>` (shows, seasons) in XML. */
function plexTagName(arrayKey: string, entry: Record<string, unknown>): string {
  if (arrayKey !== 'Metadata') return arrayKey;
  return entry['type'] === 'movie' || entry['type'] === 'episode' ? 'Video' : 'Directory';
}

export function sendContainer(
  request: SimulatorRequest,
  container: Record<string, unknown>,
  headers: Record<string, string> = {},
): SimulatorResponse {
  if (wantsJson(request)) return { status: 200, json: { MediaContainer: container }, headers };
  return {
    status: 200,
    text: toXml('MediaContainer', container, plexTagName),
    contentType: 'text/xml;charset=utf-8',
    headers,
  };
}

/** A paged container: `size`, `totalSize` and `offset`, and no `Metadata` key at all when empty. */
export function sendPage<T>(
  request: SimulatorRequest,
  page: Page<T>,
  render: (row: T) => Record<string, unknown>,
  fields: Record<string, unknown>,
  arrayKey = 'Metadata',
): SimulatorResponse {
  const rendered = page.rows.map(render);
  return sendContainer(
    request,
    {
      size: rendered.length,
      totalSize: page.totalSize,
      offset: page.offset,
      ...fields,
      ...(rendered.length > 0 ? { [arrayKey]: rendered } : {}),
    },
    { 'X-Plex-Container-Start': String(page.offset), 'X-Plex-Container-Total-Size': String(page.totalSize) },
  );
}

export const PLEX_UNAUTHORIZED: SimulatorResponse = {
  status: 401,
  text: '<html><head><title>Unauthorized</title></head><body><h1>401 Unauthorized</h1></body></html>',
  contentType: 'text/html',
};

export function plexError(status: number): SimulatorResponse {
  return {
    status,
    text: `<html><head><title>${status}</title></head><body><h1>${status}</h1></body></html>`,
    contentType: 'text/html',
  };
}
