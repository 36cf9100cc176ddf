// The bridge's global error filter: errors on OpenAI paths (/v1/…) that happen before a
// controller runs (a malformed or oversized JSON body, an unknown /v1 route) get the OpenAI
// shape too; everything else keeps the kit's problem details. Every error response carries
// `x-should-retry: false`: the OpenAI SDKs retry 408/409/429/5xx, and a retried chat message
// would be typed again.
import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import { DomainError, ProblemDetailsFilter } from '@platform/service-kit';
import type { Request, Response } from 'express';
import { OpenAiErrorFilter } from './openai-error.filter';

@Catch()
export class BridgeErrorFilter implements ExceptionFilter {
  private readonly openAi = new OpenAiErrorFilter();
  private readonly problems = new ProblemDetailsFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const openAi = isOpenAiPath(http.getRequest<Request>().path);
    if (!response.headersSent) {
      response.setHeader('x-should-retry', 'false');
      if (!openAi && exception instanceof DomainError && exception.kind === 'unauthenticated') {
        response.setHeader('WWW-Authenticate', 'Bearer realm="term-bridge"');
      }
    }
    if (openAi) this.openAi.catch(exception, host);
    else this.problems.catch(exception, host);
  }
}

export function isOpenAiPath(path: string): boolean {
  return path === '/v1' || path.startsWith('/v1/');
}
