// Turns every error that escapes a REST handler into an RFC 9457 problem+json response.
// Domain errors keep their code and message; Nest HTTP exceptions (unknown routes, body
// validation) keep their status; anything else is a 500 that reveals nothing internal.
import type { ServerResponse } from 'node:http';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from './domain-error';
import { httpStatusOf, PROBLEM_JSON, ProblemDetails, titleOf } from './problem-details';

@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    sendProblem(response, toProblemDetails(exception), request.path);
  }
}

const logger = new Logger('ProblemDetailsFilter');

/**
 * Writes a problem as the response, for handlers that run outside Nest's filters (the gateway's MCP
 * front door). When the response has already started (SSE, for example) the status line is gone,
 * so it just ends.
 */
export function sendProblem(response: ServerResponse, problem: ProblemDetails, instance: string): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  writeJsonBody(response, problem.status, { ...problem, instance }, PROBLEM_JSON);
}

/** A JSON body in one write, with its length (and no ETag: nothing revalidates these answers). */
export function writeJsonBody(
  response: ServerResponse,
  status: number,
  body: unknown,
  mediaType = 'application/json',
): void {
  const text = JSON.stringify(body);
  response.statusCode = status;
  response.setHeader('Content-Type', `${mediaType}; charset=utf-8`);
  response.setHeader('Content-Length', Buffer.byteLength(text));
  response.end(text);
}

/** The problem details an error becomes; unexpected errors are logged and reveal nothing. */
export function toProblemDetails(exception: unknown): ProblemDetails {
  if (exception instanceof DomainError) {
    const status = httpStatusOf(exception.kind);
    return {
      ...exception.details,
      type: 'about:blank',
      title: titleOf(status),
      status,
      detail: exception.message,
      code: exception.code,
    };
  }
  if (exception instanceof HttpException) return fromHttpException(exception);
  logger.error({ err: exception }, 'Unhandled error');
  return {
    type: 'about:blank',
    title: titleOf(HttpStatus.INTERNAL_SERVER_ERROR),
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    detail: 'The server could not complete the request.',
    code: 'internal',
  };
}

function fromHttpException(exception: HttpException): ProblemDetails {
  const status = exception.getStatus();
  const body = exception.getResponse();
  const messages = messagesOf(body) ?? [exception.message];
  const problem: ProblemDetails = {
    type: 'about:blank',
    title: titleOf(status),
    status,
    detail:
      messages.length === 1
        ? (messages[0] ?? titleOf(status))
        : `${messages.length} problems with the request`,
    code: `http.${titleOf(status)
      .toLowerCase()
      .replace(/[^a-z]+/g, '-')}`,
  };
  if (messages.length > 1) problem.errors = messages;
  return problem;
}

/** Nest puts validation messages in `message`, as a string or an array of strings. */
function messagesOf(body: unknown): string[] | undefined {
  if (typeof body === 'string') return [body];
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body;
  if (typeof message === 'string') return [message];
  if (Array.isArray(message) && message.every((item): item is string => typeof item === 'string')) {
    return message.length > 0 ? message : undefined;
  }
  return undefined;
}
