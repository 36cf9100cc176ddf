import type { ExecutionContext } from '@nestjs/common';
import { type ModuleRef, Reflector } from '@nestjs/core';
import { DomainError } from '../errors/domain-error';
import {
  AuthenticatedByTransport,
  Public,
  Roles,
  RouteAccessGuard,
  type RouteAuthorizer,
  routeAccessOf,
} from './route-access';

class Unmarked {
  handler(): string {
    return 'handler';
  }
}

@Public()
class OpenController {
  handler(): string {
    return 'handler';
  }

  @Roles('admin')
  narrowed(): string {
    return 'narrowed';
  }
}

@Roles('member')
class MembersController {
  handler(): string {
    return 'handler';
  }
}

class McpLikeController {
  @AuthenticatedByTransport('the MCP request guard')
  handler(): string {
    return 'handler';
  }
}

function contextFor(controller: { prototype: object }, method: string): ExecutionContext {
  const handler = (controller.prototype as Record<string, () => void>)[method];
  return {
    getHandler: () => handler,
    getClass: () => controller,
    getType: () => 'http',
  } as unknown as ExecutionContext;
}

function guardWith(authorizer?: RouteAuthorizer): RouteAccessGuard {
  const moduleRef = {
    get: () => {
      if (authorizer === undefined) throw new Error('no such provider');
      return authorizer;
    },
  } as unknown as ModuleRef;
  return new RouteAccessGuard(new Reflector(), moduleRef);
}

async function codeOf(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
}

describe('RouteAccessGuard', () => {
  it('refuses a route without an access rule', async () => {
    expect(await codeOf(guardWith().canActivate(contextFor(Unmarked, 'handler')))).toBe(
      'route.access-undeclared',
    );
  });

  it('lets public routes and transport-authenticated routes through without asking the authorizer', async () => {
    const asked: (readonly string[])[] = [];
    const guard = guardWith({ authorize: (_context, roles) => void asked.push(roles) });
    await expect(guard.canActivate(contextFor(OpenController, 'handler'))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(McpLikeController, 'handler'))).resolves.toBe(true);
    expect(asked).toEqual([]);
  });

  it("asks the service's authorizer for role routes, and a method's rule overrides its controller's", async () => {
    const asked: (readonly string[])[] = [];
    const guard = guardWith({ authorize: (_context, roles) => void asked.push(roles) });
    await guard.canActivate(contextFor(MembersController, 'handler'));
    await guard.canActivate(contextFor(OpenController, 'narrowed'));
    expect(asked).toEqual([['member'], ['admin']]);
  });

  it("passes on the authorizer's refusal", async () => {
    const refusal = new DomainError('forbidden', 'test.refused', 'no');
    const guard = guardWith({
      authorize: () => {
        throw refusal;
      },
    });
    await expect(guard.canActivate(contextFor(MembersController, 'handler'))).rejects.toBe(refusal);
  });

  it('refuses role routes in a service that decides no roles', async () => {
    expect(await codeOf(guardWith().canActivate(contextFor(MembersController, 'handler')))).toBe(
      'route.no-authorizer',
    );
  });
});

describe('routeAccessOf', () => {
  it('reads the transport marker with who authenticates', () => {
    expect(routeAccessOf(new Reflector(), McpLikeController.prototype.handler, McpLikeController)).toEqual({
      kind: 'transport',
      by: 'the MCP request guard',
    });
  });
});
