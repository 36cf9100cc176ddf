// Errors of the REST test endpoints: their own request checks, and the MCP answer of the call they
// make turned into a problem. Each code's kind (which the problem+json transport turns into the
// HTTP status) is given once, by an exhaustive switch. docs/api-errors.md lists the codes; a test
// holds the table to `TEST_ENDPOINT_ERROR_CODES`.
import { DomainError, type DomainErrorKind } from '@platform/service-kit';

export const TestEndpointErrorCode = {
  ContentType: 'test.content-type',
  InvalidArguments: 'test.invalid-arguments',
  ResourceEmpty: 'resource.empty',
  PermissionDenied: 'test.permission-denied',
  BackendTimeout: 'test.backend-timeout',
  BackendUnavailable: 'test.backend-unavailable',
  BackendRefused: 'test.backend-refused',
  ServerNotFound: 'test.server-not-found',
  NotFound: 'test.not-found',
  InvalidParams: 'test.invalid-params',
  BackendError: 'test.backend-error',
} as const;

export type TestEndpointErrorCode = (typeof TestEndpointErrorCode)[keyof typeof TestEndpointErrorCode];

/** Every code of the test endpoints, for the documentation check. */
export const TEST_ENDPOINT_ERROR_CODES: readonly TestEndpointErrorCode[] =
  Object.values(TestEndpointErrorCode);

/** What kind of failure each code is; the problem+json transport maps kinds to statuses once. */
export function testEndpointErrorKind(code: TestEndpointErrorCode): DomainErrorKind {
  switch (code) {
    case 'test.content-type':
    case 'test.invalid-arguments':
    case 'test.invalid-params':
      return 'invalid-input';
    case 'resource.empty':
    case 'test.server-not-found':
    case 'test.not-found':
      return 'not-found';
    case 'test.permission-denied':
      return 'forbidden';
    case 'test.backend-timeout':
      return 'timeout';
    case 'test.backend-unavailable':
    case 'test.backend-refused':
    case 'test.backend-error':
      return 'upstream-failed';
    default:
      return unknownCode(code);
  }
}

/** A failure of the test endpoints, its kind taken from its code. */
export function testEndpointError(
  code: TestEndpointErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): DomainError {
  return new DomainError(testEndpointErrorKind(code), code, message, details);
}

function unknownCode(code: never): never {
  throw new Error(`No kind for the test endpoint error code ${String(code)}`);
}
