// Failures of the catalog endpoints, as domain errors with stable codes.
import { DomainError } from '@platform/service-kit';

export const CatalogErrorCode = {
  ItemNotFound: 'catalog.item-not-found',
  PosterNotFound: 'catalog.poster-not-found',
  PosterUpstreamFailed: 'catalog.poster-upstream-failed',
} as const;

export type CatalogErrorCode = (typeof CatalogErrorCode)[keyof typeof CatalogErrorCode];

export const CatalogErrors = {
  itemNotFound: (id: string) =>
    new DomainError('not-found', CatalogErrorCode.ItemNotFound, `No catalog item ${id}.`, { id }),
  posterNotFound: (id: string) =>
    new DomainError(
      'not-found',
      CatalogErrorCode.PosterNotFound,
      `Catalog item ${id} has no poster on the bound Plex server.`,
      { id },
    ),
  /** `problem` says what went wrong without the token or the server's answer. */
  posterUpstreamFailed: (id: string, problem: string) =>
    new DomainError(
      'upstream-failed',
      CatalogErrorCode.PosterUpstreamFailed,
      `The poster of catalog item ${id} could not be read from Plex: ${problem}.`,
      { id },
    ),
};
