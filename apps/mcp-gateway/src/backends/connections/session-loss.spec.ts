import { describe, expect, it } from '@jest/globals';
import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { isAbortError, isSessionNotFound } from './session-loss';

function httpError(status: number, text = ''): SdkHttpError {
  return new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: ${text}`, {
    status,
    text,
  });
}

describe('isSessionNotFound', () => {
  it('is a 404 for a request that carried a session id', () => {
    expect(isSessionNotFound(httpError(404), 'session-1')).toBe(true);
    expect(isSessionNotFound(httpError(404), undefined)).toBe(false);
  });

  it('accepts the 400 that servers built from the SDK example send for an unknown session', () => {
    const body =
      '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}';
    expect(isSessionNotFound(httpError(400, body), 'session-1')).toBe(true);
    expect(isSessionNotFound(httpError(400, '{"error":"missing field name"}'), 'session-1')).toBe(false);
  });

  it('ignores other statuses and errors that are not HTTP errors', () => {
    expect(isSessionNotFound(httpError(503, 'session store down'), 'session-1')).toBe(false);
    expect(isSessionNotFound(new Error('HTTP 404'), 'session-1')).toBe(false);
    expect(isSessionNotFound(undefined, 'session-1')).toBe(false);
  });
});

describe('isAbortError', () => {
  it('recognises an aborted fetch, whatever realm its DOMException comes from', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = await fetch('http://127.0.0.1:9/', { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    expect(isAbortError(aborted)).toBe(true);
    expect(isAbortError({ name: 'AbortError' })).toBe(true);
    expect(isAbortError(new Error('socket hang up'))).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
  });
});
