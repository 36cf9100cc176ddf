// Every failure the bridge reports, as domain errors with stable OpenAI-style codes. Transports
// map them once: the OpenAI routes to `{error:{message,type,param,code}}`, the others to problem
// details. Messages are for people and never contain secrets.
import { DomainError } from '@platform/service-kit';

export const BridgeErrorCode = {
  InvalidApiKey: 'invalid_api_key',
  LocalRequestsOnly: 'local_requests_only',
  ModelNotFound: 'model_not_found',
  SessionNotFound: 'session_not_found',
  SessionExists: 'session_exists',
  InvalidSessionName: 'invalid_session_name',
  InvalidRequest: 'invalid_request',
  MissingParameter: 'missing_required_parameter',
  InputTooLarge: 'input_too_large',
  TooManyMessages: 'too_many_messages',
  SessionLimitReached: 'session_limit_reached',
  SessionQueueFull: 'session_queue_full',
  RetryNotTyped: 'retry_not_typed',
  TmuxNotFound: 'tmux_not_found',
  TmuxFailed: 'tmux_error',
  AuditUnavailable: 'audit_unavailable',
} as const;

export type BridgeErrorCode = (typeof BridgeErrorCode)[keyof typeof BridgeErrorCode];

/** The request parameter an error is about, reported as OpenAI's `param`. */
function withParam(param: string | undefined): Record<string, unknown> {
  return param === undefined ? {} : { param };
}

/** Client-supplied text quoted in a message: JSON-quoted and cut, so an error never echoes a large input. */
function quoted(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

export const BridgeErrors = {
  missingApiKey: () =>
    new DomainError(
      'unauthenticated',
      BridgeErrorCode.InvalidApiKey,
      "You didn't provide an API key. Send it as a bearer token: Authorization: Bearer <key>.",
    ),
  invalidApiKey: () =>
    new DomainError('unauthenticated', BridgeErrorCode.InvalidApiKey, 'Incorrect API key provided.'),
  localRequestsOnly: (reason: string) =>
    new DomainError(
      'forbidden',
      BridgeErrorCode.LocalRequestsOnly,
      `Without a key (TERM_BRIDGE_INSECURE_NO_AUTH) the bridge answers only requests to localhost or a loopback address that no other site sent; this one was refused because ${reason}. Set TERM_BRIDGE_API_KEY to use the bridge from elsewhere.`,
    ),
  modelNotFound: (model: string) =>
    new DomainError(
      'not-found',
      BridgeErrorCode.ModelNotFound,
      `The model ${quoted(model)} does not exist. Models are "term:<session>" for each tmux session, and "term:new".`,
      withParam('model'),
    ),
  sessionNotFound: (name: string) =>
    new DomainError('not-found', BridgeErrorCode.SessionNotFound, `Session ${quoted(name)} does not exist.`),
  sessionEndedAtStart: (name: string) =>
    new DomainError(
      'not-found',
      BridgeErrorCode.SessionNotFound,
      `Session ${quoted(name)} ended as it started: its program exited (see TERM_BRIDGE_DEFAULT_COMMAND).`,
    ),
  sessionExists: (name: string) =>
    new DomainError('invalid-input', BridgeErrorCode.SessionExists, `Session already exists: ${name}`),
  invalidSessionName: (message: string) =>
    new DomainError('invalid-input', BridgeErrorCode.InvalidSessionName, message),
  invalidRequest: (message: string, param?: string) =>
    new DomainError('invalid-input', BridgeErrorCode.InvalidRequest, message, withParam(param)),
  missingParameter: (param: string, message: string) =>
    new DomainError('invalid-input', BridgeErrorCode.MissingParameter, message, withParam(param)),
  inputTooLarge: (bytes: number, limit: number) =>
    new DomainError(
      'invalid-input',
      BridgeErrorCode.InputTooLarge,
      `The message is ${bytes} bytes; the bridge types at most ${limit} bytes per message (TERM_BRIDGE_MAX_INPUT_BYTES).`,
      withParam('messages'),
    ),
  tooManyMessages: (count: number, limit: number) =>
    new DomainError(
      'invalid-input',
      BridgeErrorCode.TooManyMessages,
      `The request has ${count} messages; the bridge accepts at most ${limit} (TERM_BRIDGE_MAX_MESSAGES). Only the last one is typed: start a new chat.`,
      withParam('messages'),
    ),
  sessionLimitReached: (count: number, limit: number) =>
    new DomainError(
      'quota-exceeded',
      BridgeErrorCode.SessionLimitReached,
      `${count} sessions exist and the bridge creates no more than ${limit} (TERM_BRIDGE_MAX_SESSIONS). End one with /kill <name> first.`,
    ),
  sessionQueueFull: (name: string, limit: number) =>
    new DomainError(
      'quota-exceeded',
      BridgeErrorCode.SessionQueueFull,
      `${limit} requests already wait for session ${quoted(name)} (TERM_BRIDGE_MAX_QUEUED_PER_SESSION). Nothing was typed; send it again once the session is free, or /cancel what runs there.`,
    ),
  retryNotTyped: (attempt: string) =>
    new DomainError(
      'invalid-input',
      BridgeErrorCode.RetryNotTyped,
      `This request is automatic retry number ${attempt.slice(0, 12)} (X-Stainless-Retry-Count). The bridge never types a message twice; send "/tail" to see what the first attempt did.`,
    ),
  tmuxNotFound: (message: string) => new DomainError('unavailable', BridgeErrorCode.TmuxNotFound, message),
  tmuxFailed: (message: string) => new DomainError('upstream-failed', BridgeErrorCode.TmuxFailed, message),
  auditUnavailable: () =>
    new DomainError(
      'unavailable',
      BridgeErrorCode.AuditUnavailable,
      'The injection audit could not be written, so nothing was typed. Check the database.',
    ),
};
