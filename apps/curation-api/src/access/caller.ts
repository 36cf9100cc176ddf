// Who is calling: set on the request by the authorizer, read by handlers with @CurrentCaller().
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { CurationRole } from './curation-roles';

export type Caller =
  /** A person signed in with Plex; `userId` is their plex.tv account id (docs/decisions/030). */
  | { readonly kind: 'user'; readonly userId: string; readonly username: string; readonly role: CurationRole }
  /** A machine client with an API key an Admin created. */
  | { readonly kind: 'api-key'; readonly keyId: string; readonly name: string; readonly role: CurationRole }
  /** A client presenting CURATION_BOOTSTRAP_API_KEY: always Admin. */
  | { readonly kind: 'bootstrap'; readonly role: 'Admin' };

const CALLER = Symbol('curation-caller');
type RequestWithCaller = Request & { [CALLER]?: Caller };

export function attachCaller(request: Request, caller: Caller): void {
  (request as RequestWithCaller)[CALLER] = caller;
}

export function callerOf(request: Request): Caller | undefined {
  return (request as RequestWithCaller)[CALLER];
}

/** A name for the caller in records and logs: the Plex username, the key's name, or `bootstrap`. */
export function actorName(caller: Caller): string {
  switch (caller.kind) {
    case 'user':
      return caller.username;
    case 'api-key':
      return `api-key:${caller.name}`;
    case 'bootstrap':
      return 'bootstrap-api-key';
  }
}

/** The authenticated caller of the current request; only on routes with a role rule. */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = callerOf(context.switchToHttp().getRequest<Request>());
  if (caller === undefined) throw new Error('CurrentCaller used on a route without a role rule');
  return caller;
});
