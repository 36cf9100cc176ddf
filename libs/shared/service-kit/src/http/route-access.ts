// Deny by default: every route a service routes through Nest must say who may call it, with one of
// three markers, and a global guard refuses a route that says nothing. A forgotten decorator then
// closes a route instead of leaving it open, and a test can list every route with its rule
// (docs/decisions/025). The markers are generic; what a role means is the service's business, told
// to the guard by the service's RouteAuthorizer.
import { type CanActivate, type ExecutionContext, Injectable, SetMetadata, type Type } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { DomainError } from '../errors/domain-error';

export type RouteAccess =
  /** Anyone, without credentials: probes, metrics, discovery metadata. */
  | { readonly kind: 'public' }
  /**
   * The route authenticates every request itself, in its own protocol (the gateway's MCP
   * endpoints answer JSON-RPC errors and are also served outside Nest); `by` names who does it.
   */
  | { readonly kind: 'transport'; readonly by: string }
  /** Callers holding one of these roles, as the service's RouteAuthorizer decides. */
  | { readonly kind: 'roles'; readonly roles: readonly string[] };

export const ROUTE_ACCESS = Symbol('ROUTE_ACCESS');

/** No credentials needed. */
export const Public = (): ClassDecorator & MethodDecorator =>
  SetMetadata<symbol, RouteAccess>(ROUTE_ACCESS, { kind: 'public' });

/** Authenticated by the route's own transport, named in `by`; Nest's guard lets it through. */
export const AuthenticatedByTransport = (by: string): ClassDecorator & MethodDecorator =>
  SetMetadata<symbol, RouteAccess>(ROUTE_ACCESS, { kind: 'transport', by });

/** Callers with any of these roles; services wrap it with their own role vocabulary. */
export const Roles = <R extends string>(...roles: [R, ...R[]]): ClassDecorator & MethodDecorator =>
  SetMetadata<symbol, RouteAccess>(ROUTE_ACCESS, { kind: 'roles', roles });

/** The rule of a handler: its own, else its controller's; undefined when neither has one. */
export function routeAccessOf(
  reflector: Reflector,
  // Function: what Nest's ExecutionContext.getHandler() returns.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  handler: Function,
  controller: Type<unknown>,
): RouteAccess | undefined {
  return reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, [handler, controller]);
}

/**
 * What a service provides (under ROUTE_AUTHORIZER) when it has `@Roles` routes: authenticate the
 * caller and decide the roles, throwing the service's own 401 or 403. It may attach what it learnt
 * (the caller) to the request for the handler.
 */
export interface RouteAuthorizer {
  authorize(context: ExecutionContext, roles: readonly string[]): Promise<void> | void;
}

export const ROUTE_AUTHORIZER = Symbol('ROUTE_AUTHORIZER');

@Injectable()
export class RouteAccessGuard implements CanActivate {
  private authorizer: RouteAuthorizer | null | undefined;

  constructor(
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = routeAccessOf(this.reflector, context.getHandler(), context.getClass());
    if (access === undefined) {
      throw new DomainError(
        'forbidden',
        'route.access-undeclared',
        'This route declares no access rule, so nobody may call it.',
      );
    }
    if (access.kind !== 'roles') return true;
    const authorizer = this.routeAuthorizer();
    if (authorizer === null) {
      throw new DomainError(
        'forbidden',
        'route.no-authorizer',
        'This route requires a role, and the service decides no roles.',
      );
    }
    await authorizer.authorize(context, access.roles);
    return true;
  }

  /** The service's authorizer, looked up once in the whole module graph (it lives in a feature module). */
  private routeAuthorizer(): RouteAuthorizer | null {
    if (this.authorizer === undefined) {
      try {
        this.authorizer = this.moduleRef.get<RouteAuthorizer>(ROUTE_AUTHORIZER, { strict: false });
      } catch {
        this.authorizer = null;
      }
    }
    return this.authorizer;
  }
}
