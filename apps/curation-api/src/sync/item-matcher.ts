// Matches the records of every source into items: by TMDB, TVDB or IMDB id first, then by folded
// title and year, and names each item with its stable id (docs/decisions/030 and 037).
import { titleKey } from '../catalog/title-key';

export type MediaType = 'movie' | 'series';

export interface ExternalIds {
  readonly tmdbId?: number | null;
  readonly tvdbId?: number | null;
  readonly imdbId?: string | null;
}

export interface RecordIdentity extends ExternalIds {
  readonly title: string;
  readonly year: number | null;
}

/** An item being assembled: the identity its records agree on, and the records themselves. */
export class ItemDraft<Records> {
  tmdbId: number | null = null;
  tvdbId: number | null = null;
  imdbId: string | null = null;
  title: string;
  year: number | null;
  /** Set by a Plex record: Plex's title is the one people see. */
  titleFromPlex = false;

  constructor(
    readonly mediaType: MediaType,
    identity: RecordIdentity,
    readonly records: Records,
  ) {
    this.title = identity.title;
    this.year = identity.year;
  }

  /** False when `ids` names an id of a kind this item already has with another value. */
  agreesWith(ids: ExternalIds): boolean {
    return (
      agrees(this.tmdbId, ids.tmdbId) && agrees(this.tvdbId, ids.tvdbId) && agrees(this.imdbId, ids.imdbId)
    );
  }

  absorb(identity: RecordIdentity, fromPlex: boolean): void {
    this.tmdbId ??= identity.tmdbId ?? null;
    this.tvdbId ??= identity.tvdbId ?? null;
    this.imdbId ??= identity.imdbId ?? null;
    if (fromPlex && !this.titleFromPlex) {
      this.title = identity.title;
      this.year = identity.year ?? this.year;
      this.titleFromPlex = true;
    }
    this.year ??= identity.year;
  }
}

function agrees<T>(mine: T | null, theirs: T | null | undefined): boolean {
  return mine === null || theirs === null || theirs === undefined || mine === theirs;
}

/**
 * Keys an item is found by. Id keys are unique per kind; the title key only joins records whose ids
 * do not contradict each other, so two films of one name and year with different TMDB ids stay two.
 */
export class ItemMatcher<Records> {
  private readonly byKey = new Map<string, ItemDraft<Records>>();
  private readonly drafts: ItemDraft<Records>[] = [];

  constructor(private readonly newRecords: () => Records) {}

  /** The item the record belongs to, created when none matches. */
  match(mediaType: MediaType, identity: RecordIdentity, fromPlex = false): ItemDraft<Records> {
    const found = this.find(mediaType, identity);
    const draft = found ?? new ItemDraft(mediaType, identity, this.newRecords());
    if (found === undefined) this.drafts.push(draft);
    draft.absorb(identity, fromPlex);
    for (const key of keysOf(mediaType, identity)) if (!this.byKey.has(key)) this.byKey.set(key, draft);
    return draft;
  }

  /** The item a record belongs to, or undefined; never creates one (requests for unknown titles). */
  find(mediaType: MediaType, identity: RecordIdentity | ExternalIds): ItemDraft<Records> | undefined {
    for (const key of idKeysOf(mediaType, identity)) {
      const draft = this.byKey.get(key);
      if (draft !== undefined) return draft;
    }
    if (!('title' in identity)) return undefined;
    const byTitle = this.byKey.get(titleKeyOf(mediaType, identity));
    return byTitle !== undefined && byTitle.agreesWith(identity) ? byTitle : undefined;
  }

  all(): readonly ItemDraft<Records>[] {
    return this.drafts;
  }
}

function idKeysOf(mediaType: MediaType, ids: ExternalIds): string[] {
  const keys: string[] = [];
  if (ids.tmdbId !== null && ids.tmdbId !== undefined) keys.push(`${mediaType}:tmdb:${ids.tmdbId}`);
  if (ids.tvdbId !== null && ids.tvdbId !== undefined) keys.push(`${mediaType}:tvdb:${ids.tvdbId}`);
  if (ids.imdbId !== null && ids.imdbId !== undefined && ids.imdbId !== '')
    keys.push(`${mediaType}:imdb:${ids.imdbId}`);
  return keys;
}

function titleKeyOf(mediaType: MediaType, identity: RecordIdentity): string {
  return `${mediaType}:title:${titleKey(identity.title)}:${identity.year ?? ''}`;
}

function keysOf(mediaType: MediaType, identity: RecordIdentity): string[] {
  return [...idKeysOf(mediaType, identity), titleKeyOf(mediaType, identity)];
}

/**
 * `movie-tmdb-603`, `series-tvdb-81189`; then TMDB (series), IMDB, and `<type>-title-<slug>-<year>`
 * for an item no system knows an id of. `taken` holds ids already given, so a clash of slugs gets
 * a numbered suffix instead of a primary-key violation.
 */
export function itemIdOf(draft: ItemDraft<unknown>, taken: Set<string>): string {
  const type = draft.mediaType;
  let id: string;
  if (type === 'movie' && draft.tmdbId !== null) id = `movie-tmdb-${draft.tmdbId}`;
  else if (type === 'series' && draft.tvdbId !== null) id = `series-tvdb-${draft.tvdbId}`;
  else if (draft.tmdbId !== null) id = `${type}-tmdb-${draft.tmdbId}`;
  else if (draft.imdbId !== null && /^[A-Za-z0-9._-]+$/.test(draft.imdbId))
    id = `${type}-imdb-${draft.imdbId}`;
  else id = `${type}-title-${slugOf(draft.title)}-${draft.year ?? 'unknown'}`;
  let unique = id;
  for (let suffix = 2; taken.has(unique); suffix += 1) unique = `${id}-${suffix}`;
  taken.add(unique);
  return unique;
}

function slugOf(title: string): string {
  const slug = titleKey(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug === '' ? 'untitled' : slug;
}

/** External ids in Plex's `Guid` list (`tmdb://603`, `tvdb://81189`, `imdb://tt0133093`). */
export function idsOfPlexGuids(guids: readonly { readonly id: string }[] | undefined): ExternalIds {
  let tmdbId: number | null = null;
  let tvdbId: number | null = null;
  let imdbId: string | null = null;
  for (const { id } of guids ?? []) {
    const [scheme, value] = id.split('://');
    if (value === undefined || value === '') continue;
    if (scheme === 'tmdb' && /^[0-9]{1,9}$/.test(value)) tmdbId ??= Number(value);
    else if (scheme === 'tvdb' && /^[0-9]{1,9}$/.test(value)) tvdbId ??= Number(value);
    else if (scheme === 'imdb') imdbId ??= value;
  }
  return { tmdbId, tvdbId, imdbId };
}
