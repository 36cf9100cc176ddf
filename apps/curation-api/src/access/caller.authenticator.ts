// Who sent a request, from its credentials: X-Api-Key (the bootstrap key or an Admin-made API key),
// else a session token as `Authorization: Bearer`, else the session cookie. Credentials that are
// present but do not check out are a 401, never a fall-through to the next kind.
import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AccessErrors } from './access-errors';
import { ApiKeyService } from './api-keys/api-key.service';
import { BootstrapKeyVerifier } from './bootstrap-key.verifier';
import type { Caller } from './caller';
import { sessionCookieOf } from './sessions/session-cookie';
import { SessionStore } from './sessions/session.store';

@Injectable()
export class CallerAuthenticator {
  constructor(
    private readonly bootstrapKey: BootstrapKeyVerifier,
    private readonly apiKeys: ApiKeyService,
    private readonly sessions: SessionStore,
  ) {}

  /** The caller; null without credentials; a 401 domain error for invalid ones. */
  async authenticate(request: Request): Promise<Caller | null> {
    const apiKey = request.headers['x-api-key'];
    if (typeof apiKey === 'string' && apiKey !== '') {
      // Both checks always run, so timing does not tell a bootstrap key from an API key.
      const isBootstrap = this.bootstrapKey.matches(apiKey);
      const keyCaller = await this.apiKeys.authenticate(apiKey);
      if (isBootstrap) return { kind: 'bootstrap', role: 'Admin' };
      if (keyCaller !== null) return keyCaller;
      throw AccessErrors.invalidApiKey();
    }
    const token = sessionTokenOf(request);
    if (token === undefined) return null;
    const caller = await this.sessions.authenticate(token);
    if (caller === null) throw AccessErrors.invalidSession();
    return caller;
  }
}

/** The session token of a request: `Authorization: Bearer <token>` first, else the cookie. */
export function sessionTokenOf(request: Request): string | undefined {
  const authorization = request.headers.authorization;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return bearer ?? sessionCookieOf(request);
}
