// Plex Media Server's read routes: identity, sections, section contents (`type` 1-4, includeGuids,
// sort, paging), allLeaves, metadata by rating key (comma lists too) and children, and the items'
// artwork, as stored and through the photo transcoder (JPEG only: plex-artwork.ts).
import { queryFlag, queryValue } from '../http/simulator-server';
import type { Route, SimulatorRequest, SimulatorResponse } from '../http/simulator-server';
import { MAX_PHOTO_SIDE, plexArtwork, THUMB_HEIGHT, THUMB_WIDTH } from './plex-artwork';
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

  /** The transcoder's answer: the item's artwork scaled as asked (`minSize` fills the box, `upscale` may grow it). */
  const transcodePhoto = (request: SimulatorRequest): SimulatorResponse => {
    const width = Number(queryValue(request, 'width') ?? THUMB_WIDTH);
    const height = Number(queryValue(request, 'height') ?? THUMB_HEIGHT);
    const format = queryValue(request, 'format') ?? 'jpg';
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
      return plexError(400);
    if (format !== 'jpg' && format !== 'jpeg') return plexError(400);
    // The source is a path of this server, as the items' `thumb` gives it (a token may follow).
    const source = /^\/library\/metadata\/(\d+)\/thumb(?:\/\d+)?(?:\?.*)?$/.exec(
      queryValue(request, 'url') ?? '',
    );
    const entity = source === null ? undefined : live([Number(source[1])])[0];
    if (entity === undefined) return plexError(404);
    const fit = queryFlag(request, 'minSize') ? Math.max : Math.min;
    let scale = fit(width / THUMB_WIDTH, height / THUMB_HEIGHT);
    if (!queryFlag(request, 'upscale')) scale = Math.min(scale, 1);
    const side = (length: number) => Math.max(1, Math.min(MAX_PHOTO_SIDE, Math.round(length * scale)));
    return {
      status: 200,
      bytes: plexArtwork(entity.ratingKey, side(THUMB_WIDTH), side(THUMB_HEIGHT)),
      contentType: 'image/jpeg',
    };
  };

  return [
    {
      method: 'GET',
      pattern: '/library/metadata/:ratingKey/thumb/:timestamp',
      handler: (request) => {
        const entity = live([Number(request.params['ratingKey'])])[0];
        if (entity === undefined) return plexError(404);
        return {
          status: 200,
          bytes: plexArtwork(entity.ratingKey, THUMB_WIDTH, THUMB_HEIGHT),
          contentType: 'image/jpeg',
        };
      },
    },
    { method: 'GET', pattern: '/photo/:/transcode', handler: transcodePhoto },
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
