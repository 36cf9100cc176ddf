// Keeps a stdio backend's secret out of everything the gateway shows: stderr lines kept for
// `logs://<serverId>/…` and command lines written to logs.
import { scrubText } from '@platform/service-kit';
import { parseCommandLine } from './command-line.parser';

export const SECRET_MASK = '***';
export const TRUNCATION_MARK = ' …[truncated]';

/** Replaces every occurrence of `secret` in `text`. */
export function maskSecret(text: string, secret: string | undefined): string {
  return secret === undefined || secret === '' ? text : text.split(secret).join(SECRET_MASK);
}

/**
 * Masks a line for the stderr log. When the line was cut, its end may hold the start of the
 * secret; that part is masked too. AppKeys and bearer tokens are scrubbed as everywhere else.
 */
export function maskLogLine(text: string, secret: string | undefined, truncated: boolean): string {
  const masked = maskSecret(scrubText(text), secret);
  return truncated ? maskSecretPrefixAtEnd(masked.replace(/\uFFFD+$/, ''), secret) + TRUNCATION_MARK : masked;
}

function maskSecretPrefixAtEnd(text: string, secret: string | undefined): string {
  if (secret === undefined) return text;
  for (let length = Math.min(secret.length - 1, text.length); length > 0; length -= 1) {
    if (text.endsWith(secret.slice(0, length))) return text.slice(0, text.length - length) + SECRET_MASK;
  }
  return text;
}

/** A command line as it may appear in logs: words quoted when needed, the secret masked. */
export function describeCommandLine(commandLine: string, secret?: string): string {
  const parsed = parseCommandLine(commandLine);
  if (!parsed.ok) return `${JSON.stringify(maskSecret(commandLine, secret))} (unbalanced quote)`;
  const described = parsed.tokens.map((word) => quoteForLog(maskSecret(word, secret))).join(' ');
  return maskSecret(described, secret);
}

function quoteForLog(word: string): string {
  return /^[\w./:=@%+,*-]+$/.test(word) ? word : JSON.stringify(word);
}
