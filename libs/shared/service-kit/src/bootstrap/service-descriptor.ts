// What a service tells the kit about itself.
import type { ServiceDatabaseDefinition } from '../database/migrations';

export interface ServiceDescriptor {
  /** Short name used in logs, metrics and health bodies, e.g. `mcp-gateway`. */
  name: string;
  /** Title of the OpenAPI document. */
  title: string;
  /** One paragraph for the OpenAPI document. */
  description: string;
  version: string;
  database: ServiceDatabaseDefinition;
  /**
   * The service's web app, when it has one: served from WEB_APP_DIR, by default the `web` folder
   * next to the service's entry script (where its production build copies the app).
   */
  webApp?: {
    /** `/` or a prefix ending in `/`, e.g. `/ui/`. */
    readonly mountPath: string;
    /** First path segments under the mount that belong to the API, never to the app. */
    readonly reservedPrefixes: readonly string[];
  };
}

/** Injection token of the service's descriptor. */
export const SERVICE_DESCRIPTOR = Symbol('SERVICE_DESCRIPTOR');
/** Injection token of the service's validated configuration. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
/** Injection token of the service's root pino logger. */
export const SERVICE_LOGGER = Symbol('SERVICE_LOGGER');
/**
 * Injection token a service may provide to replace the global error filter (problem details).
 * Its filter should still answer with problem details wherever it has no reason to differ.
 */
export const GLOBAL_ERROR_FILTER = Symbol('GLOBAL_ERROR_FILTER');
