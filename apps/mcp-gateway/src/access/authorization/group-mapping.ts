// Step 2 of the pipeline (spec 5.1): the groups a caller holds for RBAC. External identifiers
// (username, groups, roles, SIDs) are looked up in GroupMappings; each hit adds its InternalGroup.
import type { Principal } from '../principal';
import { isAdminSid } from './admin-bypass';
import type { GroupMappingRow } from './authorization.types';
import { normalizeIdentifier } from './identifier.normalizer';

export interface EffectiveGroups {
  /** For display and audit: as presented, de-duplicated case-insensitively, first spelling kept. */
  readonly display: readonly string[];
  /** Normalized groups matched against deny rows: everything the caller holds. */
  readonly forDeny: ReadonlySet<string>;
  /** Normalized groups matched against allow rows: everything except the administrator SID. */
  readonly forAllow: ReadonlySet<string>;
}

/**
 * Groups are the principal's groups, roles and SIDs (so a policy may name a SID directly) plus
 * mapped internal groups. The username is only a mapping key, never a group: user and group
 * names share no namespace, and a user called `media-admins` must not hold that group.
 *
 * Mapping is one level: an InternalGroup is not looked up again (spec: "each external identifier
 * found ... adds its InternalGroup"), which also rules out cycles.
 *
 * Anything spelled like the administrator SID (a raw SID, a group name, a mapped InternalGroup)
 * counts for deny rows but never satisfies an allow row, and mappings keyed on it add nothing
 * for allow rows either. Real holders of that SID bypass RBAC anyway; the others are AppKeys
 * (which never gain administrator rights) or forged group names.
 */
export function resolveEffectiveGroups(
  principal: Principal,
  mappings: readonly GroupMappingRow[],
  adminGroupSid: string,
): EffectiveGroups {
  const ownGroups = [...principal.groups, ...principal.roles, ...principal.sids];
  const externalIds = [principal.username, ...ownGroups];
  const isAdmin = (identifier: string): boolean => isAdminSid(identifier, adminGroupSid);

  const mappedForDeny = mappedGroups(externalIds, mappings);
  const mappedForAllow = mappedGroups(
    externalIds.filter((id) => !isAdmin(id)),
    mappings,
  );
  const display = uniqueIgnoringCase([...ownGroups, ...mappedForDeny]);
  return {
    display,
    forDeny: normalizedSet(display),
    forAllow: normalizedSet([...ownGroups, ...mappedForAllow].filter((group) => !isAdmin(group))),
  };
}

function mappedGroups(externalIds: readonly string[], mappings: readonly GroupMappingRow[]): string[] {
  const wanted = normalizedSet(externalIds);
  return mappings
    .filter((mapping) => {
      const externalId = normalizeIdentifier(mapping.externalId);
      return externalId !== undefined && wanted.has(externalId);
    })
    .map((mapping) => mapping.internalGroup);
}

function normalizedSet(identifiers: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const identifier of identifiers) {
    const normalized = normalizeIdentifier(identifier);
    if (normalized !== undefined) {
      set.add(normalized);
    }
  }
  return set;
}

function uniqueIgnoringCase(identifiers: readonly string[]): string[] {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const identifier of identifiers) {
    const normalized = normalizeIdentifier(identifier);
    if (normalized !== undefined && !seen.has(normalized)) {
      seen.add(normalized);
      unique.push(identifier.trim());
    }
  }
  return unique;
}
