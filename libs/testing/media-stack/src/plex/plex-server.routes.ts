// Plex Media Server's owner-only routes: section refresh, item and version deletion, the watch
// history of every account, and the local accounts.
import type { Route } from '../http/simulator-server';
import { paginate, plexError, sendContainer, sendPage } from './plex-container';
import { renderHistoryRow, selectHistory } from './plex-history';
import { SECTIONS } from './plex-library-index';
import { renderAccount } from './plex-metadata';
import type { PlexRouteContext } from './plex-route-context';

export function plexServerRoutes(context: PlexRouteContext): Route[] {
  const { library, index, state, history, historySelections, live, ownerOnly } = context;
  return [
    ...['GET', 'POST'].map((method): Route => ({
      method: method as 'GET' | 'POST',
      pattern: '/library/sections/:sectionKey/refresh',
      handler: (request) => {
        const refusal = ownerOnly(request);
        if (refusal !== undefined) return refusal;
        const key = request.params['sectionKey'] ?? '';
        if (!SECTIONS.some((section) => section.key === key)) return plexError(404);
        state.refreshedSections.push(key);
        return { status: 200, text: '' };
      },
    })),
    {
      method: 'DELETE',
      pattern: '/library/metadata/:ratingKey',
      handler: (request) => {
        const refusal = ownerOnly(request);
        if (refusal !== undefined) return refusal;
        if (!state.allowMediaDeletion) return plexError(403);
        const entity = live([Number(request.params['ratingKey'])])[0];
        if (entity === undefined) return plexError(404);
        state.removeItem(entity);
        return { status: 200, text: '' };
      },
    },
    {
      method: 'DELETE',
      pattern: '/library/metadata/:ratingKey/media/:mediaId',
      handler: (request) => {
        const refusal = ownerOnly(request);
        if (refusal !== undefined) return refusal;
        if (!state.allowMediaDeletion) return plexError(403);
        const entity = live([Number(request.params['ratingKey'])])[0];
        const mediaId = Number(request.params['mediaId']);
        const versions =
          entity?.kind === 'movie'
            ? entity.movie.plex?.versions
            : entity?.kind === 'episode'
              ? entity.episode.plex?.versions
              : undefined;
        if (
          versions === undefined ||
          !versions.some((version) => version.mediaId === mediaId) ||
          state.removedMediaIds.has(mediaId)
        ) {
          return plexError(404);
        }
        state.removeMedia(mediaId);
        return { status: 200, text: '' };
      },
    },
    {
      method: 'GET',
      pattern: '/status/sessions/history/all',
      handler: (request) => {
        const refusal = ownerOnly(request);
        if (refusal !== undefined) return refusal;
        // A client pages through one selection; selecting it once keeps a 290,000-play history fast to page.
        const filterKey = [...request.query]
          .filter(([key]) => !key.toLowerCase().startsWith('x-plex-'))
          .map(([key, value]) => `${key}=${value}`)
          .join('&')
          .concat(`#${history.length}`);
        const rows = historySelections.get(filterKey) ?? selectHistory(request, index, history);
        if (typeof rows === 'string') return plexError(400);
        if (historySelections.size > 50) historySelections.clear();
        historySelections.set(filterKey, rows);
        return sendPage(
          request,
          paginate(request, rows, state.paging),
          (row) => renderHistoryRow(index, row),
          {},
        );
      },
    },
    {
      method: 'GET',
      pattern: '/accounts',
      handler: (request) => {
        const refusal = ownerOnly(request);
        if (refusal !== undefined) return refusal;
        const accounts = library.users.filter((user) => user.hasServerAccess).map(renderAccount);
        return sendContainer(request, {
          size: accounts.length,
          identifier: 'com.plexapp.system.accounts',
          Account: accounts,
        });
      },
    },
  ];
}
