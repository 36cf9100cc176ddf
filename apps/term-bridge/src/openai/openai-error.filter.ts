// Error responses of the OpenAI-compatible routes (/v1/*, chosen by BridgeErrorFilter): the
// OpenAI shape that SDKs parse into typed errors. Unexpected failures become a 500 that reveals nothing. A stream that already
// started gets the error as a `data:` event (the SDK raises it) and then ends.
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { DomainError } from '@platform/service-kit';
import type { Response } from 'express';
import { openAiErrorBody, type OpenAiErrorBody, openAiStatusOf } from './openai-error';

@Catch()
export class OpenAiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('OpenAiErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.toOpenAi(exception);
    if (response.headersSent) {
      if (!response.writableEnded) response.end(`data: ${JSON.stringify(body)}\n\n`);
      return;
    }
    response.status(status).json(body);
  }

  private toOpenAi(exception: unknown): { status: number; body: OpenAiErrorBody } {
    if (exception instanceof DomainError) {
      return { status: openAiStatusOf(exception.kind).status, body: openAiErrorBody(exception) };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return {
        status,
        body: {
          error: {
            message: exception.message,
            type: status >= 500 ? 'server_error' : 'invalid_request_error',
            param: null,
            code: null,
          },
        },
      };
    }
    this.logger.error({ err: exception }, 'Unhandled error');
    return {
      status: 500,
      body: {
        error: {
          message: 'The server could not complete the request.',
          type: 'server_error',
          param: null,
          code: null,
        },
      },
    };
  }
}
