// Who sent a request, from its credentials: X-Api-Key (the bootstrap key or an Admin-made API key),
// else a session token as `Authorization: Bearer`, else the session cookie. Credentials that are
// present but do not check out are a 401, never a fall-through to the next kind. Routes that take
// API keys only (accepted-credentials.ts) read the Bearer value as an API key and no cookie.
import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AccessErrors } from './access-errors';
import { ApiKeyService } from './api-keys/api-key.service';
import type { AcceptedCredentials } from './accepted-credentials';
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
  async authenticate(request: Request, accepted: AcceptedCredentials = 'any'): Promise<Caller | null> {
    const apiKey = request.headers['x-api-key'];
    if (typeof apiKey === 'string' && apiKey !== '') return this.apiKeyCaller(apiKey, 'X-Api-Key');
    if (accepted === 'api-key') {
      const bearer = bearerTokenOf(request);
      return bearer === undefined ? null : this.apiKeyCaller(bearer, 'Authorization: Bearer');
    }
    const token = sessionTokenOf(request);
    if (token === undefined) return null;
    const caller = await this.sessions.authenticate(token);
    if (caller === null) throw AccessErrors.invalidSession();
    return caller;
  }

  private async apiKeyCaller(apiKey: string, header: 'X-Api-Key' | 'Authorization: Bearer'): Promise<Caller> {
    // Both checks always run, so timing does not tell a bootstrap key from an API key.
    const isBootstrap = this.bootstrapKey.matches(apiKey);
    const keyCaller = await this.apiKeys.authenticate(apiKey);
    if (isBootstrap) return { kind: 'bootstrap', role: 'Admin' };
    if (keyCaller !== null) return keyCaller;
    throw AccessErrors.invalidApiKey(header);
  }
}

function bearerTokenOf(request: Request): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/** The session token of a request: `Authorization: Bearer <token>` first, else the cookie. */
export function sessionTokenOf(request: Request): string | undefined {
  return bearerTokenOf(request) ?? sessionCookieOf(request);
}
