// The `url` setting, whose meaning depends on the transport: a network URL (sse, http,
// streamable), a command line (stdio) or the name of an in-process backend (custom). Whether a
// network URL may be reached is decided later, by the network guard; which commands may run is
// decided by the stdio policy. This only checks that the value is well formed.
import type { BackendTransport } from '../backend-server';
import { hasControlCharacters, quote } from './input-value.helpers';
import type { InputValue } from './server-input-fields';
import { readText } from './scalar-field.readers';
import type { ServerInputOptions } from './server-input.types';

export const MAX_URL_LENGTH = 2048;
export const MAX_COMMAND_LINE_LENGTH = 4096;
export const CUSTOM_BACKEND_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export function isNetworkTransport(type: BackendTransport | undefined): boolean {
  return type === 'sse' || type === 'http' || type === 'streamable';
}

/** The stored value: the normalized URL (`href`), the trimmed command line or the custom name. */
export function readServerUrl(
  input: InputValue | undefined,
  type: BackendTransport | undefined,
  options: ServerInputOptions,
  problems: string[],
): string {
  if (input === undefined) {
    problems.push('url: is required');
    return '';
  }
  const limit = type === 'stdio' ? MAX_COMMAND_LINE_LENGTH : MAX_URL_LENGTH;
  const text = readText(input, limit, problems)?.trim();
  if (text === undefined || type === undefined) {
    return text ?? '';
  }
  switch (type) {
    case 'sse':
    case 'http':
    case 'streamable':
      return readNetworkUrl(input.name, text, type, problems);
    case 'stdio':
      if (hasControlCharacters(text.replaceAll('\t', ' '))) {
        problems.push(`${input.name}: the command line for type "stdio" must not contain control characters`);
      }
      return text;
    case 'custom':
      checkCustomBackendName(input.name, text, options, problems);
      return text;
  }
}

function readNetworkUrl(name: string, text: string, type: BackendTransport, problems: string[]): string {
  const url = URL.parse(text);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    problems.push(`${name}: must be an http(s) URL for type "${type}"`);
    return text;
  }
  if (url.username !== '' || url.password !== '') {
    problems.push(
      `${name}: must not contain a user name or password; put credentials in the secret provider`,
    );
    return text;
  }
  // WHATWG normalization can lengthen a URL (percent-encoding), so the cap applies to the result too.
  if (url.href.length > MAX_URL_LENGTH) {
    problems.push(`${name}: must be at most ${MAX_URL_LENGTH} characters`);
  }
  return url.href;
}

function checkCustomBackendName(
  name: string,
  text: string,
  options: ServerInputOptions,
  problems: string[],
): void {
  if (!CUSTOM_BACKEND_NAME_PATTERN.test(text)) {
    problems.push(
      `${name}: must be the name of an in-process backend (1 to 64 of a-z, 0-9, "_" and "-", ` +
        'starting with a letter or digit) for type "custom"',
    );
    return;
  }
  const registered = options.customBackendNames;
  if (registered !== undefined && !registered.includes(text)) {
    const known = registered.length === 0 ? 'none' : registered.join(', ');
    problems.push(`${name}: no custom backend named ${quote(text)} is registered (registered: ${known})`);
  }
}
