// The OpenAI error body and the one mapping from domain errors to it (status and `type`).
import { HttpStatus } from '@nestjs/common';
import type { DomainError, DomainErrorKind } from '@platform/service-kit';

export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export type OpenAiErrorType =
  'invalid_request_error' | 'permission_error' | 'rate_limit_error' | 'server_error';

export function openAiStatusOf(kind: DomainErrorKind): { status: number; type: OpenAiErrorType } {
  switch (kind) {
    case 'invalid-input':
      return { status: HttpStatus.BAD_REQUEST, type: 'invalid_request_error' };
    case 'quota-exceeded':
      // The bridge's quotas are its session and queue caps (decision 018). Every error response
      // carries `x-should-retry: false`, so the SDKs do not retry this 429 on their own.
      return { status: HttpStatus.TOO_MANY_REQUESTS, type: 'rate_limit_error' };
    case 'limit-reached':
      return { status: HttpStatus.TOO_MANY_REQUESTS, type: 'rate_limit_error' };
    case 'unauthenticated':
      // OpenAI itself answers a bad key with type invalid_request_error and code invalid_api_key.
      return { status: HttpStatus.UNAUTHORIZED, type: 'invalid_request_error' };
    case 'forbidden':
      return { status: HttpStatus.FORBIDDEN, type: 'permission_error' };
    case 'not-found':
      return { status: HttpStatus.NOT_FOUND, type: 'invalid_request_error' };
    case 'gone':
      return { status: HttpStatus.GONE, type: 'invalid_request_error' };
    case 'conflict':
      return { status: HttpStatus.CONFLICT, type: 'invalid_request_error' };
    case 'unavailable':
      return { status: HttpStatus.SERVICE_UNAVAILABLE, type: 'server_error' };
    case 'upstream-failed':
      return { status: HttpStatus.BAD_GATEWAY, type: 'server_error' };
    case 'timeout':
      return { status: HttpStatus.GATEWAY_TIMEOUT, type: 'server_error' };
  }
}

export function openAiErrorBody(error: DomainError): OpenAiErrorBody {
  const param = error.details['param'];
  return {
    error: {
      message: error.message,
      type: openAiStatusOf(error.kind).type,
      param: typeof param === 'string' ? param : null,
      code: error.code,
    },
  };
}
