// The rules every header name and value the gateway sends to a backend must pass (RFC 9110
// §5.1, §5.5). Values are checked character by character, so no secret, configured header or
// pass-through value can smuggle a second header line (CR/LF) or truncate one (NUL).

export const MAX_HEADER_NAME_LENGTH = 256;
/** Servers commonly cap a header line at 8 KiB. */
export const MAX_HEADER_VALUE_LENGTH = 8192;

/** RFC 9110 §5.6.2 `token`: the only characters a field name may contain. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Names the gateway's HTTP client and MCP transports own: hop-by-hop fields (RFC 9110 §7.6.1,
 * plus the legacy Keep-Alive, Proxy-Connection and Proxy-Authorization/-Authenticate), message
 * framing and routing (Host, Content-Length, Transfer-Encoding, Expect) and the MCP transport's
 * own fields. Setting them per backend would at best be ignored, at worst break the session or
 * enable request smuggling. Lowercase.
 */
export const FORBIDDEN_HEADER_NAMES: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'host',
  'content-length',
  'expect',
  'content-type',
  'accept',
  'last-event-id',
  'mcp-session-id',
  'mcp-protocol-version',
]);

/** Why `name` cannot be sent as a header name, or undefined when it can. */
export function headerNameProblem(name: string): string | undefined {
  if (name === '') return 'is empty';
  if (name.length > MAX_HEADER_NAME_LENGTH) return `is longer than ${MAX_HEADER_NAME_LENGTH} characters`;
  if (!TOKEN.test(name)) return 'is not a valid header name (RFC 9110 token characters only)';
  if (FORBIDDEN_HEADER_NAMES.has(name.toLowerCase())) {
    return 'is a hop-by-hop, framing or MCP transport header managed by the gateway';
  }
  return undefined;
}

/** CR, LF, NUL and the other control characters (horizontal tab excepted), or undefined. */
export function unsafeCharacterProblem(text: string): string | undefined {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x0d || code === 0x0a) return 'contains a line break (CR or LF)';
    if (code === 0x00) return 'contains a NUL character';
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return 'contains a control character';
  }
  return undefined;
}

/** Why `value` cannot be sent as a header value, or undefined when it can. Never repeats the value. */
export function headerValueProblem(value: string): string | undefined {
  const unsafe = unsafeCharacterProblem(value);
  if (unsafe !== undefined) return unsafe;
  if (value.length > MAX_HEADER_VALUE_LENGTH) return `is longer than ${MAX_HEADER_VALUE_LENGTH} characters`;
  for (let index = 0; index < value.length; index += 1) {
    if (value.charCodeAt(index) > 0xff) return 'contains a character beyond U+00FF (header values are bytes)';
  }
  // HTTP strips surrounding whitespace, so the backend would see a different value than configured.
  if (/^[ \t]|[ \t]$/.test(value)) return 'has leading or trailing whitespace';
  return undefined;
}

/** Configuration text in a message: escaped, so control characters show as `\n`, and bounded. */
export function quoted(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text);
}
