// Names for the API's shapes, all derived from the generated paths: a changed DTO changes these,
// and the compiler shows every place that must follow.
import type { paths } from './curation-api';

type Method = 'get' | 'post' | 'put' | 'delete';
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type Success<O> = O extends { responses: infer R } ? Json<R[Extract<keyof R, 200 | 201 | 202>]> : never;

/** The JSON body of a path's successful answer. */
export type ResponseOf<P extends keyof paths, M extends Method & keyof paths[P]> = Success<paths[P][M]>;
/** The JSON body a path takes. */
export type BodyOf<P extends keyof paths, M extends Method & keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type SessionState = ResponseOf<'/api/v1/auth/me', 'get'>;
export type SessionUser = NonNullable<SessionState['user']>;
export type CatalogPage = ResponseOf<'/api/v1/catalog', 'get'>;
export type CatalogItem = CatalogPage['items'][number];
export type CatalogDetails = ResponseOf<'/api/v1/catalog/{id}', 'get'>;
export type CategorySummary = ResponseOf<'/api/v1/categories', 'get'>[number];
export type CatalogQuery = NonNullable<paths['/api/v1/catalog']['get']['parameters']['query']>;
export type ProtectionRequest = ResponseOf<'/api/v1/protection-requests', 'get'>['requests'][number];
export type PruneResult = ResponseOf<'/api/v1/prune', 'post'>;
export type PruneRequest = BodyOf<'/api/v1/prune', 'post'>;
export type SyncStatus = ResponseOf<'/api/v1/sync/status', 'get'>;
export type KnownUser = ResponseOf<'/api/v1/auth/users', 'get'>[number];
