// Which credentials a route accepts. By default a route takes any the caller authenticator knows
// (API key, session token, session cookie); a route marked ApiKeysOnly takes API keys alone, in
// X-Api-Key or as `Authorization: Bearer`, and never a session (docs/decisions/045: /mcp).
import { type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

export type AcceptedCredentials = 'any' | 'api-key';

const ACCEPTED_CREDENTIALS = Symbol('curation-accepted-credentials');

/** API keys only (X-Api-Key or Bearer); session tokens and cookies are ignored, never tried. */
export const ApiKeysOnly = (): ClassDecorator & MethodDecorator =>
  SetMetadata<symbol, AcceptedCredentials>(ACCEPTED_CREDENTIALS, 'api-key');

export function acceptedCredentialsOf(reflector: Reflector, context: ExecutionContext): AcceptedCredentials {
  return (
    reflector.getAllAndOverride<AcceptedCredentials | undefined>(ACCEPTED_CREDENTIALS, [
      context.getHandler(),
      context.getClass(),
    ]) ?? 'any'
  );
}
