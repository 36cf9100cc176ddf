// Names for the API's shapes, all derived from the generated paths: a changed DTO changes these,
// and the compiler shows every place that must follow.
import type { paths } from './gateway-api';

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
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

export type Me = ResponseOf<'/api/me', 'get'>;
export type Server = ResponseOf<'/api/servers/{id}', 'get'>;
export type ServerState = Server['status']['state'];
export type ServerInput = BodyOf<'/api/servers', 'post'>;
export type CatalogCounts = ResponseOf<'/api/catalog/counts', 'get'>[number];
export type AppKey = ResponseOf<'/api/appkeys', 'get'>[number];
export type CreatedAppKey = ResponseOf<'/api/appkeys', 'post'>;
export type CreateAppKey = BodyOf<'/api/appkeys', 'post'>;
export type KeyLimits = ResponseOf<'/api/appkeys/limits', 'get'>;
export type AccessPolicy = ResponseOf<'/api/policies', 'get'>[number];
export type NewAccessPolicy = BodyOf<'/api/policies', 'post'>;
export type GroupMapping = ResponseOf<'/api/group-mappings', 'get'>[number];
export type ExplainQuestion = BodyOf<'/api/access/explain', 'post'>;
export type AccessExplanation = ResponseOf<'/api/access/explain', 'post'>;
export type ResourceReading = ResponseOf<'/api/test/resources/read', 'post'>;
export type PromptRendering = ResponseOf<'/api/test/prompts/get', 'post'>;
