// Keeps secrets out of logs. Header and field paths are removed by pino's redaction; URLs
// and free text are scrubbed here (credentials may arrive as query parameters, and an
// AppKey may be pasted anywhere).
import { redactAppKeys } from '@platform/appkey';

export const REDACTED = '[REDACTED]';

const SECRET_FIELDS = ['password', 'apiKey', 'api_key', 'token', 'accessToken', 'secret', 'plaintextKey'];

/**
 * Object paths pino removes from every log line: credential-named fields of the line itself and of
 * objects the code logs. Request and response lines carry no headers at all (see the serializers),
 * so no header paths are needed.
 */
export const REDACTED_LOG_PATHS: readonly string[] = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]);

/** Query parameters that carry credentials (the gateway accepts AppKeys in the query). */
const SECRET_QUERY_PARAMETERS = new Set([
  'app_key',
  'api_key',
  'key',
  'token',
  'access_token',
  'x-plex-token',
  'apikey',
  'password',
]);

/** Returns the URL with the values of credential-bearing query parameters replaced. */
export function scrubUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return redactAppKeys(url);
  const path = url.slice(0, queryStart);
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator < 0 ? pair : pair.slice(0, separator);
      return SECRET_QUERY_PARAMETERS.has(safeDecode(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return redactAppKeys(`${path}?${query}`);
}

/** Scrubs bearer tokens and AppKeys from free text such as error messages. */
export function scrubText(text: string): string {
  return redactAppKeys(text).replace(/\b(bearer|basic)\s+[^\s,;"']+/gi, `$1 ${REDACTED}`);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
