// Remembers which route template a request was dispatched to, for the metrics labels. A guard
// runs only once Nest has matched a handler, so requests that match no handler keep no
// template; `req.route` alone is not enough, because Nest registers catch-all middleware
// (the request logger) as Express routes too.
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';

export const ROUTE_TEMPLATE = Symbol('routeTemplate');

export type RequestWithRouteTemplate = Request & { [ROUTE_TEMPLATE]?: string };

@Injectable()
export class RouteTemplateGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<RequestWithRouteTemplate>();
    const route = (request as Request & { route?: { path?: unknown } }).route;
    if (typeof route?.path === 'string') request[ROUTE_TEMPLATE] = `${request.baseUrl}${route.path}` || '/';
    return true;
  }
}
