// The SSO header middleware as a Nest middleware, so each application instance uses its own
// configuration (several gateways may run in one process, as tests do).
import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SsoConfig } from './sso-config';
import { createSsoHeaderMiddleware } from './sso-header.middleware';

export const SSO_CONFIG = Symbol('SSO_CONFIG');

@Injectable()
export class SsoHeaderNestMiddleware implements NestMiddleware {
  private readonly handle: ReturnType<typeof createSsoHeaderMiddleware>;

  constructor(@Inject(SSO_CONFIG) config: SsoConfig) {
    this.handle = createSsoHeaderMiddleware(config);
  }

  /** Also called by the MCP front door, with Node's own request and response. */
  use(request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void): void {
    this.handle(request, response, next);
  }
}
