// Finds which backend server a target (tool name, prompt name, resource URI, `server:<id>`)
// belongs to, per spec 2.1 "Server id extraction". Server and category scopes match through
// this function, so it only answers when the answer is a well-formed server id.
import { comparableName, foldAsciiCase, trimLeadingAsciiWhitespace } from './ascii-text';
import { splitNamespacedName } from './namespaced-name';
import { isValidServerId } from './server-id.validator';

/**
 * Native (un-namespaced) tool prefix → server id. These are only defaults for tests and local
 * runs: the gateway passes the mapping from its configuration, which replaces this one whole.
 */
export const DEFAULT_NATIVE_TOOL_PREFIXES: Readonly<Record<string, string>> = Object.freeze({
  plex: 'plex',
  seerr: 'seerr',
});

export interface ServerIdExtractionOptions {
  /** Replaces DEFAULT_NATIVE_TOOL_PREFIXES entirely when given. */
  readonly nativeToolPrefixes?: Readonly<Record<string, string>>;
  /**
   * The registered server ids, when the caller knows them: `<serverId>__<name>` is then split as
   * routing splits it (see splitNamespacedName), and a name no registered id prefixes is split at
   * its first `__` as without them.
   */
  readonly serverIds?: readonly string[];
}

// The path separator is required: `logs://recent` is a router resource, not server `recent`.
const SERVER_URI = /^(?:mcp|logs):\/\/([^/]*)\//;

export function extractServerId(target: unknown, options?: ServerIdExtractionOptions): string | undefined {
  if (typeof target !== 'string') {
    return undefined;
  }
  const candidate = candidateServerId(
    comparableName(target),
    target,
    options?.nativeToolPrefixes ?? DEFAULT_NATIVE_TOOL_PREFIXES,
    options?.serverIds,
  );
  return isValidServerId(candidate) ? candidate : undefined;
}

function candidateServerId(
  target: string,
  untrimmed: string,
  nativeToolPrefixes: Readonly<Record<string, string>>,
  serverIds: readonly string[] | undefined,
): string | undefined {
  const uri = SERVER_URI.exec(target);
  if (uri) {
    return uri[1];
  }
  if (target.startsWith('router://')) {
    return 'router';
  }
  if (target.startsWith('server:')) {
    return target.slice('server:'.length);
  }
  // Trailing whitespace belongs to the item's name, not to its server: `files__ ` (a tool named
  // " ") is server `files`'s, as routing reads it, not a name without a server.
  const name = foldAsciiCase(trimLeadingAsciiWhitespace(untrimmed));
  const namespaced =
    (serverIds === undefined ? undefined : splitNamespacedName(name, serverIds)) ?? splitNamespacedName(name);
  return namespaced?.serverId ?? nativeToolServerId(target, nativeToolPrefixes);
}

/** `plex_search` → the server configured for prefix `plex`. */
function nativeToolServerId(
  target: string,
  nativeToolPrefixes: Readonly<Record<string, string>>,
): string | undefined {
  const underscore = target.indexOf('_');
  if (underscore <= 0 || underscore === target.length - 1) {
    return undefined;
  }
  const prefix = target.slice(0, underscore);
  const serverId = lookupPrefix(nativeToolPrefixes, prefix);
  return serverId === undefined ? undefined : comparableName(serverId);
}

function lookupPrefix(prefixes: Readonly<Record<string, string>>, prefix: string): string | undefined {
  // Own properties only, matched case-insensitively: `constructor_x` must not find
  // Object.prototype.constructor, and config keys may be written in any case.
  for (const [key, serverId] of Object.entries(prefixes)) {
    if (comparableName(key) === prefix && typeof serverId === 'string') {
      return serverId;
    }
  }
  return undefined;
}
