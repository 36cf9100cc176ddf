// What `validateServerInput` takes besides the raw record, and what it answers.
import type { BackendServerDefinition } from '../backend-server';

export interface ServerInputOptions {
  /** In-process backends that exist; when given, a `custom` server's url must name one of them. */
  readonly customBackendNames?: readonly string[];
  /** Upper bound for `requestTimeout`, in seconds (default 600). */
  readonly maxRequestTimeoutSeconds?: number;
}

/** Each problem starts with the field name as written, e.g. `url: must be an http(s) URL for type "sse"`. */
export type ServerInputValidation =
  | { readonly ok: true; readonly server: BackendServerDefinition }
  | { readonly ok: false; readonly problems: string[] };
