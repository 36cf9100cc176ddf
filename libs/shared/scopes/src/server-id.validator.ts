// The one definition of a well-formed backend server id. Scopes, target extraction and the
// direct proxy path all agree on it, so an id that cannot be scoped cannot be registered either.

/**
 * 1 to 64 of `[a-z0-9_-]`, starting with a letter or digit. Two further rules keep
 * `<serverId>__<name>` unambiguous when split on the first `__`: no `__` inside the id and no
 * `_` at its end. Without them `a___tool` (server `a_`) and `a__b__tool` (server `a__b`) would
 * both be read as server `a`, and a `server:a` scope would reach another server's tools.
 */
export const SERVER_ID_PATTERN = /^(?!.*__)[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9-])?$/;

export function isValidServerId(candidate: unknown): candidate is string {
  return typeof candidate === 'string' && SERVER_ID_PATTERN.test(candidate);
}
