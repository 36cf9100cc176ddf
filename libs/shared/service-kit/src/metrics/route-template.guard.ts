// Remembers which route template a request was dispatched to, for the metrics labels. A guard
// runs only once Nest has matched a handler, so requests that match no handler keep no
// template; `req.route` alone is not enough, because Nest registers catch-all middleware
// (the request logger) as Express routes too.
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';

export const ROUTE_TEMPLATE = Symbol('routeTemplate');

export type RequestWithRouteTemplate = IncomingMessage & { [ROUTE_TEMPLATE]?: string };

/** For requests served outside Nest's router (the gateway's MCP front door): the metrics label. */
export function setRouteTemplate(request: IncomingMessage, template: string): void {
  (request as RequestWithRouteTemplate)[ROUTE_TEMPLATE] = template;
}

@Injectable()
export class RouteTemplateGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request & { route?: { path?: unknown } }>();
    const route = request.route;
    if (typeof route?.path === 'string') setRouteTemplate(request, `${request.baseUrl}${route.path}` || '/');
    return true;
  }
}
