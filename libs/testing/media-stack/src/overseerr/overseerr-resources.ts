// Overseerr's JSON shapes: User (Plex-imported), MediaInfo with its Plex and *arr links, and
// MediaRequest with requester, modifier, media and seasons.
import type { LibraryRequest, LibraryUser } from '../library/media-library.types';
import type { OverseerrMedia, OverseerrState } from './overseerr-state';

export interface OverseerrRenderers {
  renderUser(user: LibraryUser): Record<string, unknown>;
  renderMedia(media: OverseerrMedia): Record<string, unknown>;
  renderRequest(request: LibraryRequest): Record<string, unknown>;
}

export function overseerrRenderers(state: OverseerrState): OverseerrRenderers {
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

  // Counted once per state of the request list, not once per rendered user (pages of 100 requests).
  let counted: { length: number; counts: Map<number, number> } | undefined;
  const requestCounts = (): Map<number, number> => {
    if (counted?.length !== state.requests.length) {
      const counts = new Map<number, number>();
      for (const request of state.requests)
        counts.set(request.requesterPlexId, (counts.get(request.requesterPlexId) ?? 0) + 1);
      counted = { length: state.requests.length, counts };
    }
    return counted.counts;
  };
  const renderUser = (user: LibraryUser): Record<string, unknown> => ({
    id: user.overseerrUserId,
    email: user.email ?? '',
    // Plex-imported users have no local username; the spec types it as a string, so it is left out.
    plexUsername: user.username,
    plexId: user.plexId,
    userType: 1,
    permissions: user.kind === 'owner' ? 2 : 32,
    avatar: `https://plex.tv/users/${user.uuid}/avatar`,
    displayName: user.title,
    createdAt: iso(user.joinedAt),
    updatedAt: iso(user.joinedAt),
    requestCount: requestCounts().get(user.plexId) ?? 0,
  });
  const renderMedia = (media: OverseerrMedia): Record<string, unknown> => ({
    id: media.id,
    mediaType: media.mediaType,
    tmdbId: media.tmdbId,
    tvdbId: media.tvdbId,
    imdbId: media.imdbId,
    status: media.status,
    status4k: media.status4k,
    createdAt: iso(media.createdAt),
    updatedAt: iso(media.updatedAt),
    mediaAddedAt: media.mediaAddedAt === null ? null : iso(media.mediaAddedAt),
    serviceId: media.externalServiceId === null ? null : 0,
    serviceId4k: media.externalServiceId4k === null ? null : 1,
    externalServiceId: media.externalServiceId,
    externalServiceId4k: media.externalServiceId4k,
    ratingKey: media.ratingKey,
    ratingKey4k: media.ratingKey4k,
  });
  const renderRequest = (request: LibraryRequest): Record<string, unknown> => {
    const requester = state.userByPlexId(request.requesterPlexId);
    const media = state.media.get(request.mediaId);
    return {
      id: request.requestId,
      status: request.status,
      createdAt: iso(request.createdAt),
      updatedAt: iso(request.updatedAt),
      type: request.target.kind === 'movie' ? 'movie' : 'tv',
      is4k: request.is4k,
      serverId: request.is4k ? 1 : 0,
      profileId: request.is4k ? 5 : 4,
      rootFolder: request.target.kind === 'movie' ? '/data/movies' : '/data/tv',
      requestedBy: requester === undefined ? null : renderUser(requester),
      modifiedBy: request.status === 1 ? null : renderUser(state.users[0] as LibraryUser),
      media: media === undefined ? null : renderMedia(media),
      seasons:
        request.target.kind === 'series'
          ? request.target.seasons.map((seasonNumber) => ({
              id: request.requestId * 100 + seasonNumber,
              seasonNumber,
              status: request.status,
              createdAt: iso(request.createdAt),
              updatedAt: iso(request.updatedAt),
            }))
          : [],
      seasonCount: request.target.kind === 'series' ? request.target.seasons.length : 0,
    };
  };
  return { renderUser, renderMedia, renderRequest };
}
