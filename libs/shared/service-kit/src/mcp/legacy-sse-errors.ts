// Refusals of the legacy HTTP+SSE transport (protocol 2024-11-05) of a service's own MCP endpoint,
// by code. They are thrown before anything is written, so each service's error filter answers them
// in its own shape (problem+json on /mcp); each code's kind is given once, by an exhaustive switch.
import { DomainError, type DomainErrorKind } from '../errors/domain-error';

export const LegacySseErrorCode = {
  SessionIdRequired: 'mcp.session-id-required',
  SessionNotFound: 'mcp.session-not-found',
  SessionOfAnotherCaller: 'mcp.session-of-another-caller',
  InvalidMessage: 'mcp.invalid-message',
  SessionLimit: 'mcp.session-limit',
  CallerSessionLimit: 'mcp.caller-session-limit',
} as const;

export type LegacySseErrorCode = (typeof LegacySseErrorCode)[keyof typeof LegacySseErrorCode];

export function legacySseErrorKind(code: LegacySseErrorCode): DomainErrorKind {
  switch (code) {
    case 'mcp.session-id-required':
    case 'mcp.invalid-message':
      return 'invalid-input';
    case 'mcp.session-not-found':
      return 'not-found';
    case 'mcp.session-of-another-caller':
      return 'forbidden';
    // The service as a whole is full: nothing this caller did.
    case 'mcp.session-limit':
      return 'unavailable';
    case 'mcp.caller-session-limit':
      return 'limit-reached';
    default:
      return unknownCode(code);
  }
}

function unknownCode(code: never): never {
  throw new Error(`No kind for the legacy SSE error code ${String(code)}`);
}

function legacySseError(
  code: LegacySseErrorCode,
  message: string,
  details: Readonly<Record<string, unknown>> = {},
): DomainError {
  return new DomainError(legacySseErrorKind(code), code, message, details);
}

export const LegacySseErrors = {
  sessionIdRequired: (messagesPath: string) =>
    legacySseError(
      LegacySseErrorCode.SessionIdRequired,
      `sessionId is required: POST ${messagesPath}?sessionId=<id> with the id of the endpoint event ` +
        'your event stream began with',
    ),
  sessionNotFound: () =>
    legacySseError(
      LegacySseErrorCode.SessionNotFound,
      'No such session: it never existed, its event stream closed, or it expired. Open a new one ' +
        '(GET with Accept: text/event-stream) and post to the endpoint its first event names.',
    ),
  sessionOfAnotherCaller: () =>
    legacySseError(
      LegacySseErrorCode.SessionOfAnotherCaller,
      'This session was opened with another key: only the key that opened a session may post to it.',
    ),
  invalidMessage: (problem: string) =>
    legacySseError(
      LegacySseErrorCode.InvalidMessage,
      `The body is not one JSON-RPC 2.0 message (a request, a notification or a response): ${problem}`,
    ),
  sessionLimit: (limit: number) =>
    legacySseError(
      LegacySseErrorCode.SessionLimit,
      `Too many event-stream sessions: this service holds ${limit}, its limit. Try again later, or ` +
        'use Streamable HTTP (POST to the same URL), which needs no session.',
      { limit },
    ),
  callerSessionLimit: (limit: number) =>
    legacySseError(
      LegacySseErrorCode.CallerSessionLimit,
      `Too many event-stream sessions for this key: it holds ${limit}, its limit. Close one (end its ` +
        'event stream) and try again.',
      { limit },
    ),
};
