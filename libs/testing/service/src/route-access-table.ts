// Every route a booted service answers, with the access rule that guards it, as one table a test
// compares with the table it expects (deny by default, docs/decisions/025). Routes come from
// Express's router after `app.init()`, so a route registered around Nest shows up too; rules come
// from the markers on Nest's controllers, read as the global RouteAccessGuard reads them.
import { METHODS } from 'node:http';
import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { type RouteAccess, routeAccessOf } from '@platform/service-kit';

/** The rule of a route Nest routes but whose handler declares none: RouteAccessGuard refuses it. */
export const UNDECLARED = 'undeclared (refused)';
/**
 * A route on the Express app that no Nest controller defines (SwaggerModule's pages, middleware
 * Nest mounts for every path): no Nest guard runs for it, so the table must say why that is fine.
 */
export const OUTSIDE_NEST = 'not a Nest route (no guard runs)';

/**
 * What SwaggerModule registers on Express in every service (service kit, setup-openapi.ts):
 * Swagger UI and the OpenAPI document, public by design; they describe the API and hold no data.
 */
export const OPENAPI_DOCS_ROUTES: Readonly<Record<string, string>> = {
  'GET /docs': OUTSIDE_NEST,
  'GET /docs/': OUTSIDE_NEST,
  'GET /docs/index.html': OUTSIDE_NEST,
  'GET /docs/swagger-ui-init.js': OUTSIDE_NEST,
  'GET /docs/docs/swagger-ui-init.js': OUTSIDE_NEST,
  'GET /docs/LICENSE': OUTSIDE_NEST,
  'GET /docs/openapi.json': OUTSIDE_NEST,
  'GET /docs/openapi.yaml': OUTSIDE_NEST,
};

/** The kit's probes and scrape endpoint: load balancers and Prometheus carry no credentials. */
export const SERVICE_KIT_ROUTES: Readonly<Record<string, string>> = {
  'GET /health': 'public',
  'GET /ready': 'public',
  'GET /metrics': 'public',
};

/** `"GET /api/me"` → `"roles: user, machine"`, `"public"`, `"transport: …"`, UNDECLARED or OUTSIDE_NEST. */
export function routeAccessTable(app: INestApplication): Record<string, string> {
  const rules = nestRouteRules(app);
  const table: Record<string, string> = {};
  for (const route of expressRoutes(app)) table[route] = rules.get(route) ?? OUTSIDE_NEST;
  // A Nest route Express does not know would mean this table's idea of paths is wrong: show it.
  for (const [route, rule] of rules)
    if (!(route in table)) table[route] = `not on the Express router: ${rule}`;
  return table;
}

function describeAccess(access: RouteAccess | undefined): string {
  if (access === undefined) return UNDECLARED;
  switch (access.kind) {
    case 'public':
      return 'public';
    case 'transport':
      return `transport: ${access.by}`;
    case 'roles':
      return `roles: ${access.roles.join(', ')}`;
  }
}

function nestRouteRules(app: INestApplication): Map<string, string> {
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const controllers = new Set<new (...parameters: never[]) => unknown>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      if (typeof wrapper.metatype === 'function') {
        controllers.add(wrapper.metatype as new (...parameters: never[]) => unknown);
      }
    }
  }
  const rules = new Map<string, string>();
  for (const controller of controllers) {
    const prototype = controller.prototype as Record<string, unknown>;
    const controllerPaths = pathsOf(Reflect.getMetadata(PATH_METADATA, controller));
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function') continue;
      const methodPath: unknown = Reflect.getMetadata(PATH_METADATA, handler);
      if (methodPath === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const rule = describeAccess(routeAccessOf(reflector, handler, controller));
      for (const base of controllerPaths) {
        for (const path of pathsOf(methodPath)) rules.set(`${method} ${joinPaths(base, path)}`, rule);
      }
    }
  }
  return rules;
}

function pathsOf(metadata: unknown): string[] {
  if (Array.isArray(metadata)) return metadata.map(String);
  return [typeof metadata === 'string' ? metadata : '/'];
}

/** As Nest joins a controller's path and a handler's: one leading slash each, no trailing slash. */
function joinPaths(controllerPath: string, methodPath: string): string {
  const joined = [controllerPath, methodPath]
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter((part) => part !== '')
    .join('/');
  return `/${joined}`;
}

const EVERY_METHOD = METHODS.map((method) => method.toLowerCase());

interface ExpressLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
}

function expressRoutes(app: INestApplication): string[] {
  // Express 5: the application's router, created when the first route was added.
  const express = app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  const routes: string[] = [];
  for (const layer of express.router.stack) {
    if (layer.route === undefined) continue;
    const path = String(layer.route.path);
    const methods = Object.keys(layer.route.methods);
    // `all` (Nest's @All, middleware for RequestMethod.ALL) is registered as every method Node knows.
    if (methods.includes('_all') || EVERY_METHOD.every((method) => methods.includes(method))) {
      routes.push(`ALL ${path}`);
      continue;
    }
    for (const method of methods) routes.push(`${method.toUpperCase()} ${path}`);
  }
  return routes;
}
