// Failures of the catalog endpoints, as domain errors with stable codes.
import { DomainError } from '@platform/service-kit';

export const CatalogErrorCode = {
  ItemNotFound: 'catalog.item-not-found',
} as const;

export type CatalogErrorCode = (typeof CatalogErrorCode)[keyof typeof CatalogErrorCode];

export const CatalogErrors = {
  itemNotFound: (id: string) =>
    new DomainError('not-found', CatalogErrorCode.ItemNotFound, `No catalog item ${id}.`, { id }),
};
