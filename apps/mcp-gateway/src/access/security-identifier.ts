// The one grammar of Windows security identifiers (SIDs) in the gateway: how SSO headers and
// token claims read them, and how authorization tells a SID from a group name. A SID is
// `S-1-<identifier authority>-<sub-authority>…` with the bounds Windows uses: an authority below
// 2^48 and 1 to 15 sub-authorities below 2^32, in decimal digits 0-9 only.

const SID_PATTERN = /^S-1-([0-9]{1,15})((?:-[0-9]{1,10}){1,15})$/i;
const MAX_SID_AUTHORITY = 2 ** 48 - 1;
const MAX_SID_SUB_AUTHORITY = 2 ** 32 - 1;

/**
 * The SID in canonical form (`S-…`, numbers without leading zeros), or undefined when the text
 * is not a SID. `s-1-5-032-544` and `S-1-5-32-544` are one SID (Windows reads the numbers), so
 * a mapping or policy written one way must reach a SID presented the other way.
 */
export function canonicalSid(text: string): string | undefined {
  const match = SID_PATTERN.exec(text);
  if (match === null) return undefined;
  const authority = Number(match[1]);
  const subAuthorities = (match[2] ?? '').split('-').slice(1).map(Number);
  if (authority > MAX_SID_AUTHORITY || subAuthorities.some((value) => value > MAX_SID_SUB_AUTHORITY)) {
    return undefined;
  }
  return ['S', '1', authority, ...subAuthorities].join('-');
}

/** Whether an identifier is spelled like a SID, i.e. belongs to the SID namespace, not to names. */
export function isSidShaped(text: string): boolean {
  return canonicalSid(text) !== undefined;
}
