// The vocabulary of the stdio security policy (spec 7 "stdio policy errors"): every refusal
// names one rule and the word that broke it, so an operator can fix the server record.

/** Why a stdio backend may not start. Each is a security exception: the server is shown as failed. */
export type StdioPolicyRule =
  | 'empty-command'
  | 'command-too-long'
  | 'unbalanced-quote'
  | 'forbidden-character'
  | 'control-character'
  | 'remote-executable'
  | 'pseudo-file-executable'
  | 'loader-executable'
  | 'shell-executable'
  | 'command-runner'
  | 'interpreter-code'
  | 'command-not-allowed'
  | 'invalid-secret-variable'
  | 'secret-unavailable';

export const STDIO_POLICY_RULES: readonly StdioPolicyRule[] = [
  'empty-command',
  'command-too-long',
  'unbalanced-quote',
  'forbidden-character',
  'control-character',
  'remote-executable',
  'pseudo-file-executable',
  'loader-executable',
  'shell-executable',
  'command-runner',
  'interpreter-code',
  'command-not-allowed',
  'invalid-secret-variable',
  'secret-unavailable',
];

export interface StdioPolicyViolation {
  readonly rule: StdioPolicyRule;
  /** The offending word (after unquoting), or the unterminated fragment for `unbalanced-quote`. */
  readonly token: string;
  /** A sentence for operators; control characters in the token are escaped. */
  readonly message: string;
}

/** What is handed to `spawn` (never through a shell). */
export interface StdioCommand {
  readonly executable: string;
  readonly args: readonly string[];
}

export type StdioPolicyResult =
  | { readonly ok: true; readonly command: StdioCommand }
  | { readonly ok: false; readonly violation: StdioPolicyViolation };

export function policyViolation(rule: StdioPolicyRule, token: string, reason: string): StdioPolicyViolation {
  return { rule, token, message: `stdio command refused (${rule}): ${reason}: ${JSON.stringify(token)}` };
}
