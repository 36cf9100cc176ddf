// RFC 9457 problem details: the body of every REST error response.
import { HttpStatus } from '@nestjs/common';
import { DomainErrorKind } from './domain-error';

export const PROBLEM_JSON = 'application/problem+json';

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  /** Stable machine-readable code, e.g. `appkey.expired` or `http.not-found`. */
  code: string;
  /** Field-level problems of a rejected request body or query. */
  errors?: string[];
  [extension: string]: unknown;
}

/** The one place a domain error kind becomes an HTTP status. */
export function httpStatusOf(kind: DomainErrorKind): HttpStatus {
  switch (kind) {
    case 'invalid-input':
    case 'quota-exceeded':
      return HttpStatus.BAD_REQUEST;
    case 'limit-reached':
      return HttpStatus.TOO_MANY_REQUESTS;
    case 'unauthenticated':
      return HttpStatus.UNAUTHORIZED;
    case 'forbidden':
      return HttpStatus.FORBIDDEN;
    case 'not-found':
      return HttpStatus.NOT_FOUND;
    case 'gone':
      return HttpStatus.GONE;
    case 'conflict':
      return HttpStatus.CONFLICT;
    case 'unavailable':
      return HttpStatus.SERVICE_UNAVAILABLE;
    case 'upstream-failed':
      return HttpStatus.BAD_GATEWAY;
    case 'timeout':
      return HttpStatus.GATEWAY_TIMEOUT;
  }
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function titleOf(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}
