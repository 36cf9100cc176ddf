// Diagnostic events ("taps"): what the bridge did and saw, for GET /taps and the database.

export const TAP_KINDS = [
  /** A chat completion or MCP tool call arrived (model, stream, input length). */
  'request',
  /** Answered without touching a terminal (background task of a chat front-end). */
  'background',
  /** Text or keys were typed (with the step: text, paste, keys, enter). */
  'input',
  /** A turn settled (reason, timings, mode). */
  'settle',
  /** A control command ran. */
  'control',
  /** Control-mode client lifecycle: attached, closed; sessions created or killed. */
  'session',
  /** Something failed (the error code and message). */
  'error',
] as const;

export type TapKind = (typeof TAP_KINDS)[number];

export interface TapEvent {
  /** Increasing within one process run. */
  readonly id: number;
  /** ISO 8601 time. */
  readonly at: string;
  readonly kind: TapKind;
  readonly session: string | null;
  readonly data: Readonly<Record<string, unknown>>;
}

export interface TapFilter {
  readonly session?: string;
  readonly kind?: TapKind;
  /** At most this many, the most recent ones. */
  readonly limit: number;
}
