// Step 2 of the pipeline (spec 5.1): the groups a caller holds for RBAC. The caller's external
// identifiers are looked up in GroupMappings; each hit adds its InternalGroup. User names, group
// and role names, and SIDs are three namespaces that never meet (docs/decisions/019): a mapping
// row says which one it means by its spelling, and a name in one is never read as a name in
// another. A user name is one person only within its identity source, which `user:` rows name.
import type { Principal } from '../principal';
import { canonicalSid } from '../security-identifier';
import { asIdentitySource, type Identity, identityOf, isSameIdentity } from '../identity';
import { foldAsciiCase, trimAsciiWhitespace } from '@platform/scopes';
import { isAdminSid } from './admin-bypass';
import type { GroupMappingRow } from './authorization.types';
import { normalizeGroupIdentifier } from './identifier.normalizer';
import { isInSourceScope } from './source-scope';

/** ExternalId prefix of a mapping for one user (`user:alice`); any other ExternalId names a group, role or SID. */
export const USER_MAPPING_PREFIX = 'user:';

/** What a mapping row's ExternalId refers to. */
export type MappingSubject =
  | { readonly kind: 'user'; readonly username: string }
  | { readonly kind: 'sid'; readonly sid: string }
  | { readonly kind: 'name'; readonly name: string };

export interface EffectiveGroups {
  /** For display and audit: as presented, de-duplicated case-insensitively, first spelling kept. */
  readonly display: readonly string[];
  /** Normalized groups matched against deny rows: everything the caller holds. */
  readonly forDeny: ReadonlySet<string>;
  /** Normalized groups matched against allow rows: what the caller provably holds, see below. */
  readonly forAllow: ReadonlySet<string>;
}

/**
 * How a stored ExternalId is read: `user:<name>` is that user (and nothing else); text spelled
 * like a SID is that SID, in canonical form; anything else is a group or role name. Undefined
 * for blanks, which match nothing.
 */
export function readMappingSubject(externalId: unknown): MappingSubject | undefined {
  if (typeof externalId !== 'string') return undefined;
  const text = trimAsciiWhitespace(externalId);
  if (foldAsciiCase(text.slice(0, USER_MAPPING_PREFIX.length)) === USER_MAPPING_PREFIX) {
    const username = trimAsciiWhitespace(text.slice(USER_MAPPING_PREFIX.length));
    return username === '' ? undefined : { kind: 'user', username };
  }
  const sid = canonicalSid(text);
  if (sid !== undefined) return { kind: 'sid', sid };
  return text === '' ? undefined : { kind: 'name', name: text };
}

/**
 * Groups are the principal's groups, roles and SIDs (so a policy may name a SID directly) plus
 * mapped internal groups. The username is never a group and is matched only by `user:` rows: a
 * user called `media-admins` holds neither the group `media-admins` nor what a mapping of that
 * group adds. Mapping is one level: an InternalGroup is not looked up again (spec: "each external
 * identifier found ... adds its InternalGroup"), which also rules out cycles.
 *
 * Only real SIDs (from SID headers or claims) count as SIDs for allow rows and SID mappings. A
 * group or role *name* spelled like a SID counts for deny rows only: group names come from places
 * where a SID can be typed. Anything spelled like the administrator SID (a raw SID, a group name,
 * a mapped InternalGroup) never satisfies an allow row, and mappings keyed on it add nothing for
 * allow rows: real holders bypass RBAC anyway; the others are AppKeys (which never gain
 * administrator rights) or forged group names.
 */
export function resolveEffectiveGroups(
  principal: Principal,
  mappings: readonly GroupMappingRow[],
  adminGroupSid: string,
): EffectiveGroups {
  const isAdmin = (identifier: string): boolean => isAdminSid(identifier, adminGroupSid);
  const names = [...principal.groups, ...principal.roles];
  const plainNames = names.filter((name) => canonicalSid(trimAsciiWhitespace(name)) === undefined);
  const sidSpelledNames = names.filter((name) => !plainNames.includes(name));
  const ownGroups = [...names, ...principal.sids];

  const subjects = mappings
    .filter((mapping) => appliesToStatementsOf(mapping, principal))
    .map((mapping) => ({
      subject: readMappingSubject(mapping.externalId),
      internalGroup: mapping.internalGroup,
      identitySource: mapping.identitySource ?? null,
    }));
  const mappedForDeny = mappedGroups(subjects, {
    identity: identityOf(principal),
    names,
    sids: [...principal.sids, ...sidSpelledNames],
  });
  const mappedForAllow = mappedGroups(subjects, {
    identity: identityOf(principal),
    names: plainNames,
    sids: principal.sids.filter((sid) => !isAdmin(sid)),
  });
  const display = uniqueIgnoringCase([...ownGroups, ...mappedForDeny]);
  return {
    display,
    forDeny: normalizedSet(display),
    forAllow: normalizedSet(
      [...plainNames, ...principal.sids, ...mappedForAllow].filter((group) => !isAdmin(group)),
    ),
  };
}

/** `user:` rows are decided by identity in mappedGroups; the others by the source's scope. */
function appliesToStatementsOf(mapping: GroupMappingRow, principal: Principal): boolean {
  if (readMappingSubject(mapping.externalId)?.kind === 'user') return true;
  return isInSourceScope(mapping.identitySource, principal);
}

interface ExternalIdentifiers {
  readonly identity: Identity;
  readonly names: readonly string[];
  readonly sids: readonly string[];
}

interface MappedSubject {
  readonly subject: MappingSubject | undefined;
  readonly internalGroup: string;
  readonly identitySource: string | null;
}

function mappedGroups(subjects: readonly MappedSubject[], identifiers: ExternalIdentifiers): string[] {
  const names = normalizedSet(identifiers.names);
  const sids = normalizedSet(identifiers.sids);
  const holds = (subject: MappingSubject, identitySource: string | null): boolean => {
    switch (subject.kind) {
      case 'user': {
        // A user row names one person: that name in that source. Without a source it names nobody.
        const source = identitySource === null ? undefined : asIdentitySource(identitySource);
        return (
          source !== undefined &&
          identifiers.identity.name !== '' &&
          isSameIdentity({ source, name: subject.username }, identifiers.identity)
        );
      }
      case 'sid':
        return sids.has(normalizeGroupIdentifier(subject.sid) ?? '');
      case 'name':
        return names.has(normalizeGroupIdentifier(subject.name) ?? '');
    }
  };
  return subjects
    .filter(({ subject, identitySource }) => subject !== undefined && holds(subject, identitySource))
    .map(({ internalGroup }) => internalGroup);
}

function normalizedSet(identifiers: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const identifier of identifiers) {
    const normalized = normalizeGroupIdentifier(identifier);
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
    const normalized = normalizeGroupIdentifier(identifier);
    if (normalized !== undefined && !seen.has(normalized)) {
      seen.add(normalized);
      unique.push(trimAsciiWhitespace(identifier));
    }
  }
  return unique;
}

/** The groups (as displayed) an allow row may name: those of `display` also in `forAllow`. */
export function allowGroupNames(groups: EffectiveGroups): string[] {
  return groups.display.filter((group) => {
    const normalized = normalizeGroupIdentifier(group);
    return normalized !== undefined && groups.forAllow.has(normalized);
  });
}
