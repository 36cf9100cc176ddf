// Plex Media Server's read routes: identity, sections, section contents (`type` 1-4, includeGuids,
// sort, paging), allLeaves, metadata by rating key (comma lists too) and children.
import { queryValue } from '../http/simulator-server';
import type { Route, SimulatorRequest, SimulatorResponse } from '../http/simulator-server';
import { plexError, sendContainer } from './plex-container';
import { SECTIONS, sectionKeyOf } from './plex-library-index';
import { renderMetadata } from './plex-metadata';
import type { PlexRouteContext } from './plex-route-context';
import { CONTAINER_FIELDS } from './plex-route-context';
import { sectionFields, sendSections, sortKeys } from './plex-sections';

export function plexLibraryRoutes(context: PlexRouteContext): Route[] {
  const { library, index, state, live, liveKeys, sendEntities, renderOptions } = context;
  const sectionContents = (request: SimulatorRequest): SimulatorResponse => {
    const section = SECTIONS.find((candidate) => candidate.key === request.params['sectionKey']);
    if (section === undefined) return plexError(404);
    const type =
      queryValue(request, 'type') ?? (section.type === 'movie' ? '1' : section.type === 'show' ? '2' : '8');
    const lists: Record<string, Record<string, number[]>> = {
      movie: { '1': index.movies },
      show: { '2': index.shows, '3': index.seasons, '4': index.episodes },
    };
    const keys = sortKeys(index, liveKeys(lists[section.type]?.[type] ?? []), queryValue(request, 'sort'));
    return sendEntities(request, keys, sectionFields(section, type));
  };

  return [
    {
      method: 'GET',
      pattern: '/identity',
      public: true,
      handler: (request) =>
        sendContainer(request, {
          size: 0,
          claimed: true,
          machineIdentifier: library.server.machineIdentifier,
          version: library.server.version,
        }),
    },
    {
      method: 'GET',
      pattern: '/library/sections',
      handler: (request) => sendSections(request, library.now, 'legacy', state.contentChangedAt),
    },
    {
      method: 'GET',
      pattern: '/library/sections/all',
      handler: (request) => sendSections(request, library.now, 'current', state.contentChangedAt),
    },
    { method: 'GET', pattern: '/library/sections/:sectionKey/all', handler: sectionContents },
    {
      method: 'GET',
      pattern: '/library/sections/:sectionKey/allLeaves',
      handler: (request) => {
        const section = SECTIONS.find((candidate) => candidate.key === request.params['sectionKey']);
        if (section === undefined) return plexError(404);
        const leaves =
          section.type === 'show' ? index.episodes : section.type === 'movie' ? index.movies : [];
        return sendEntities(
          request,
          liveKeys(leaves),
          sectionFields(section, section.type === 'show' ? '4' : '1'),
        );
      },
    },
    {
      method: 'GET',
      pattern: '/library/metadata/:ratingKeys',
      handler: (request) => {
        const keys = (request.params['ratingKeys'] ?? '').split(',').map(Number);
        const entities = live(keys);
        if (entities.length === 0) return plexError(404);
        const render = renderOptions(request, true);
        const first = entities[0];
        return sendContainer(request, {
          size: entities.length,
          ...CONTAINER_FIELDS,
          ...(first !== undefined && entities.length === 1
            ? { librarySectionID: Number(sectionKeyOf(first)) }
            : {}),
          Metadata: entities.map((entity) => ({
            ...renderMetadata(index, entity, render),
            librarySectionID: Number(sectionKeyOf(entity)),
          })),
        });
      },
    },
    {
      method: 'GET',
      pattern: '/library/metadata/:ratingKey/children',
      handler: (request) => {
        const parent = live([Number(request.params['ratingKey'])])[0];
        if (parent === undefined) return plexError(404);
        const children =
          parent.kind === 'show'
            ? parent.series.seasons.flatMap((season) => (season.plex === null ? [] : [season.plex.ratingKey]))
            : parent.kind === 'season'
              ? index.leavesOf(parent)
              : [];
        return sendEntities(request, liveKeys(children), {
          key: String(parent.ratingKey),
          librarySectionID: Number(sectionKeyOf(parent)),
        });
      },
    },
    {
      method: 'GET',
      pattern: '/library/metadata/:ratingKey/allLeaves',
      handler: (request) => {
        const parent = live([Number(request.params['ratingKey'])])[0];
        if (parent === undefined) return plexError(404);
        return sendEntities(request, liveKeys(index.leavesOf(parent)), { key: String(parent.ratingKey) });
      },
    },
  ];
}
