// Library sections as Plex lists them, the container fields of a section listing, and the `sort=`
// orders clients use on section contents.
import type { SimulatorRequest, SimulatorResponse } from '../http/simulator-server';
import { sendContainer } from './plex-container';
import { SECTIONS } from './plex-library-index';
import type { PlexEntity, PlexLibraryIndex } from './plex-library-index';

export function sectionFields(section: (typeof SECTIONS)[number], type: string): Record<string, unknown> {
  const viewGroup = { '1': 'movie', '2': 'show', '3': 'season', '4': 'episode' }[type] ?? section.type;
  return {
    art: `/:/resources/${section.type}-fanart.jpg`,
    content: 'secondary',
    librarySectionID: Number(section.key),
    librarySectionTitle: section.title,
    librarySectionUUID: section.uuid,
    thumb: `/:/resources/${section.type}.png`,
    nocache: true,
    title1: section.title,
    title2: 'All',
    viewGroup,
  };
}

/**
 * `/library/sections` (older servers) writes `hidden` as 0 or 1, `/library/sections/all` (1.41 and
 * later, the 1.1.1 spec) as a boolean; clients should accept both.
 */
export function sendSections(
  request: SimulatorRequest,
  now: number,
  flavour: 'legacy' | 'current',
  contentChangedAt: ReadonlyMap<string, number>,
): SimulatorResponse {
  const directories = SECTIONS.map((section) => ({
    allowSync: true,
    art: `/:/resources/${section.type}-fanart.jpg`,
    composite: `/library/sections/${section.key}/composite/${now}`,
    filters: true,
    refreshing: false,
    thumb: `/:/resources/${section.type}.png`,
    key: section.key,
    type: section.type,
    title: section.title,
    agent:
      section.type === 'artist'
        ? 'tv.plex.agents.music'
        : `tv.plex.agents.${section.type === 'show' ? 'series' : 'movie'}`,
    scanner:
      section.type === 'movie' ? 'Plex Movie' : section.type === 'show' ? 'Plex TV Series' : 'Plex Music',
    language: 'en-US',
    uuid: section.uuid,
    updatedAt: now,
    createdAt: now - 9 * 365 * 86_400,
    scannedAt: now,
    content: true,
    directory: true,
    contentChangedAt: contentChangedAt.get(section.key) ?? 0,
    hidden: flavour === 'legacy' ? 0 : false,
    Location: [
      {
        id: Number(section.key),
        path: `/data/${section.type === 'show' ? 'tv' : section.type === 'movie' ? 'movies' : 'music'}`,
      },
    ],
  }));
  return sendContainer(request, {
    size: directories.length,
    allowSync: false,
    title1: 'Plex Library',
    Directory: directories,
  });
}

/** Plex's `sort=` values the clients use: addedAt and titleSort, with `:desc`. */
export function sortKeys(
  index: PlexLibraryIndex,
  ratingKeys: readonly number[],
  sort: string | undefined,
): readonly number[] {
  if (sort === undefined) return ratingKeys;
  const [field, direction] = sort.split(':');
  const sign = direction === 'desc' ? -1 : 1;
  const sortValue = (key: number): number | string => {
    const entity = index.entity(key);
    if (field === 'addedAt') return addedAtOf(entity);
    return titleOf(entity)
      .replace(/^(the|a|an)\s+/i, '')
      .toLowerCase();
  };
  const values = new Map(ratingKeys.map((key) => [key, sortValue(key)]));
  return [...ratingKeys].sort((left, right) => {
    const a = values.get(left) ?? 0;
    const b = values.get(right) ?? 0;
    return (a < b ? -1 : a > b ? 1 : left - right) * sign;
  });
}

function addedAtOf(entity: PlexEntity): number {
  switch (entity.kind) {
    case 'movie':
      return entity.movie.plex?.addedAt ?? 0;
    case 'show':
      return entity.series.plex?.addedAt ?? 0;
    case 'season':
      return entity.season.plex?.addedAt ?? 0;
    case 'episode':
      return entity.episode.plex?.addedAt ?? 0;
  }
}

function titleOf(entity: PlexEntity): string {
  return entity.kind === 'movie' ? entity.movie.title : entity.series.title;
}
