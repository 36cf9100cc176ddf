// `@CurrentActor() actor: Actor` in a route marked with ApiRoles (checked by ApiAccessAuthorizer).
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor } from '../actor';
import { ACTOR, type RequestWithActor } from './api-access.authorizer';

export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor => {
  const actor = context.switchToHttp().getRequest<RequestWithActor>()[ACTOR];
  // The guard sets it before any handler runs; its absence is a wiring bug, so fail closed.
  if (actor === undefined) throw new Error('CurrentActor used on a route without ApiRoles');
  return actor;
});
