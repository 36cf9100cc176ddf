// Types of misbehaving-backend.core.mjs, for the TypeScript side of this library.

/** A behaviour applied to every request, `initialize` included. */
export type MisbehavingMode = 'slow' | 'never' | 'crash' | 'malformed';

export interface MisbehavingBackendOptions {
  /** `http` offers no tool that needs stderr or a server-to-client channel. */
  readonly transport: 'stdio' | 'http';
  readonly mode?: MisbehavingMode;
  /** Delay of the `slow` mode; 1000 ms by default. */
  readonly modeDelayMs?: number;
  /** Written to stderr by the `stderr` tool (secret-masking tests). */
  readonly apiKey?: string;
}

/** `replyTo` is the id key of the client request a write answers, when it answers one. */
export interface MisbehavingBackendOutput {
  message(message: object, replyTo?: string): void;
  /** Text that is not JSON; the real answer may follow. */
  garbage(text: string, replyTo: string): void;
  /** Half an answer; the backend is gone after it. */
  crash(partial: string, replyTo: string): void;
  stderr(line: string): void;
  /** The client cancelled the request: no answer will come. */
  cancelled?(replyTo: string): void;
}

export interface MisbehavingBackend {
  receive(message: unknown): void;
  close(): void;
}

export interface ToolDescription {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: object;
}

export declare const SUPPORTED_PROTOCOL_VERSIONS: readonly string[];
export declare const FALLBACK_PROTOCOL_VERSION: string;
export declare const SERVER_INFO: { readonly name: string; readonly version: string };
export declare const MODES: readonly MisbehavingMode[];
export declare const GARBAGE_LINE: string;
export declare function toolsFor(transport: 'stdio' | 'http'): ToolDescription[];
export declare function idKey(id: unknown): string;
export declare function createMisbehavingBackend(
  options: MisbehavingBackendOptions,
  output: MisbehavingBackendOutput,
): MisbehavingBackend;
