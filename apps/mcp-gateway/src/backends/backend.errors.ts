// Errors of the backends feature a client can receive: the server registry's administration API
// and the connections it makes. Each code's kind (which the problem+json transport turns into the
// HTTP status) is given once, by an exhaustive switch. docs/api-errors.md lists the codes; a test
// holds the table to `BACKEND_ERROR_CODES`.
import { DomainError, type DomainErrorKind } from '@platform/service-kit';
import { STDIO_POLICY_RULES, type StdioPolicyRule } from './stdio/stdio-policy.types';
import { BACKEND_URL_DENIAL_REASONS, type BackendUrlDenialReason } from './validation/backend-url.decision';

export const BackendErrorCode = {
  BackendNotFound: 'backend.not-found',
  BackendUnsupported: 'backend.unsupported',
  BackendUnreachable: 'backend.unreachable',
  ServerExists: 'server.exists',
  ServerIdMismatch: 'server.id-mismatch',
  ServerInvalid: 'server.invalid',
  ServerNamespaceTaken: 'server.namespace-taken',
  ServerNotFound: 'server.not-found',
  ServerBuiltIn: 'server.built-in',
  ServerFileManaged: 'server.file-managed',
} as const;

/** A URL the network policy refuses; a name that does not resolve yet is accepted (see ServerAdmin). */
export type RefusedUrlReason = Exclude<BackendUrlDenialReason, 'unresolvable'>;
/** A server's URL refused by the network policy: `server.<reason>`. */
export type ServerUrlRefusedCode = `server.${RefusedUrlReason}`;
/** A stdio command line refused by the stdio policy: `server.stdio.<rule>`. */
export type ServerStdioRefusedCode = `server.stdio.${StdioPolicyRule}`;

export type BackendErrorCode =
  (typeof BackendErrorCode)[keyof typeof BackendErrorCode] | ServerUrlRefusedCode | ServerStdioRefusedCode;

export function serverUrlRefusedCode(reason: RefusedUrlReason): ServerUrlRefusedCode {
  return `server.${reason}`;
}

export function serverStdioRefusedCode(rule: StdioPolicyRule): ServerStdioRefusedCode {
  return `server.stdio.${rule}`;
}

/** Every code of the backends feature, for the documentation check. */
export const BACKEND_ERROR_CODES: readonly BackendErrorCode[] = [
  ...Object.values(BackendErrorCode),
  ...BACKEND_URL_DENIAL_REASONS.flatMap((reason) =>
    reason === 'unresolvable' ? [] : [serverUrlRefusedCode(reason)],
  ),
  ...STDIO_POLICY_RULES.map(serverStdioRefusedCode),
];

/** What kind of failure each code is; the problem+json transport maps kinds to statuses once. */
export function backendErrorKind(code: BackendErrorCode): DomainErrorKind {
  switch (code) {
    case 'backend.not-found':
    case 'server.not-found':
      return 'not-found';
    case 'backend.unsupported':
    case 'backend.unreachable':
      return 'upstream-failed';
    case 'server.exists':
    case 'server.namespace-taken':
    case 'server.built-in':
    case 'server.file-managed':
      return 'conflict';
    case 'server.id-mismatch':
    case 'server.invalid':
    case 'server.unsupported-protocol':
    case 'server.blocked-hostname':
    case 'server.not-an-ip-address':
    case 'server.outside-allowed-networks':
    case 'server.blocked-network':
    case 'server.stdio.empty-command':
    case 'server.stdio.command-too-long':
    case 'server.stdio.unbalanced-quote':
    case 'server.stdio.forbidden-character':
    case 'server.stdio.control-character':
    case 'server.stdio.remote-executable':
    case 'server.stdio.pseudo-file-executable':
    case 'server.stdio.loader-executable':
    case 'server.stdio.shell-executable':
    case 'server.stdio.command-runner':
    case 'server.stdio.interpreter-code':
    case 'server.stdio.command-not-allowed':
    case 'server.stdio.invalid-secret-variable':
    case 'server.stdio.secret-unavailable':
      return 'invalid-input';
    default:
      return unknownCode(code);
  }
}

/** A failure of the backends feature, its kind taken from its code. */
export function backendError(
  code: BackendErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): DomainError {
  return new DomainError(backendErrorKind(code), code, message, details);
}

function unknownCode(code: never): never {
  throw new Error(`No kind for the backend error code ${String(code)}`);
}
