// Cross-service infrastructure for the three NestJS services: configuration, logging,
// errors, database, health, metrics, OpenAPI, the HTTP edge rules and the process entry point.
export { BaseServiceConfig, LOG_LEVELS } from './config/base-service-config';
export type { LogLevel } from './config/base-service-config';
export { EmptyAsUnset, EnvBoolean, EnvInteger, EnvIntegerBetween } from './config/env-decorators';
export type { IntegerUnit } from './config/env-decorators';
export { ConfigurationError, loadConfig } from './config/load-config';
export { CLOCK, ManualClock, SYSTEM_CLOCK } from './clock/clock';
export type { Clock } from './clock/clock';
export { DomainError } from './errors/domain-error';
export type { DomainErrorKind } from './errors/domain-error';
export { httpStatusOf, PROBLEM_JSON } from './errors/problem-details';
export type { ProblemDetails } from './errors/problem-details';
export {
  ProblemDetailsFilter,
  sendProblem,
  toProblemDetails,
  writeJsonBody,
} from './errors/problem-details.filter';
export { createValidationPipe } from './errors/validation-pipe';
export { DatabaseEndpoint } from './database/database-endpoint';
export { dataSourceOptions, isMigrated, migrate, migrationName } from './database/migrations';
export { isUniqueViolation } from './database/unique-violation';
export { ADVISORY_LOCK_NAMESPACES, ADVISORY_LOCKS, withAdvisoryLock } from './database/advisory-locks';
export type { AdvisoryLock, AdvisoryLockNamespace } from './database/advisory-locks';
export type { EntityClass, MigrationClass, ServiceDatabaseDefinition } from './database/migrations';
export { ChecksOriginItself } from './http/cross-site-request.guard';
export {
  AuthenticatedByTransport,
  Public,
  Roles,
  ROUTE_ACCESS,
  ROUTE_AUTHORIZER,
  routeAccessOf,
} from './http/route-access';
export type { RouteAccess, RouteAuthorizer } from './http/route-access';
export { markEndlessStream } from './http/endless-streams';
export { SseWriter } from './http/sse-writer';
export { describeFetchError, fetchBytes, fetchJson, fetchText, propertyOf } from './http/fetch-json';
export type {
  FetchBytesResult,
  FetchJsonFailure,
  FetchJsonRequest,
  FetchJsonResult,
  FetchTextResult,
} from './http/fetch-json';
export { crossSiteRefusal, ORIGIN_POLICY, parseOriginPolicy } from './http/origin-policy';
export type { OriginPolicy } from './http/origin-policy';
export { HEALTH_DETAILS } from './health/health-details';
export type { HealthDetailsSource } from './health/health-details';
export { NestLogger } from './logging/nest-logger';
export { currentLogger, markRoutineRequest, requestLogging } from './logging/request-logging';
export { createServiceLogger } from './logging/service-logger';
export { REDACTED, scrubText, scrubUrl } from './logging/redaction';
export { RecentLogBuffer } from './logging/recent-log.buffer';
export type { RecentLogRecord } from './logging/recent-log.buffer';
export { McpNodeEndpoint } from './mcp/mcp-node-endpoint';
export { HttpMetrics } from './metrics/http-metrics';
export { setRouteTemplate } from './metrics/route-template.guard';
export { createServiceApp } from './bootstrap/create-service-app';
export { JSON_BODY_LIMIT, JSON_MAX_DEPTH, JSON_TOO_DEEP, jsonBodyParser } from './bootstrap/json-body.parser';
export type { JsonBodyParser } from './bootstrap/json-body.parser';
export { listenWithGracefulShutdown } from './bootstrap/graceful-shutdown';
export { runService } from './bootstrap/run-service';
export type { ServiceDefinition } from './bootstrap/run-service';
export {
  GLOBAL_ERROR_FILTER,
  SERVICE_CONFIG,
  SERVICE_DESCRIPTOR,
  SERVICE_LOGGER,
} from './bootstrap/service-descriptor';
export type { ServiceDescriptor } from './bootstrap/service-descriptor';
export { ServiceKitModule } from './bootstrap/service-kit.module';
export type { ServiceKitOptions } from './bootstrap/service-kit.module';
