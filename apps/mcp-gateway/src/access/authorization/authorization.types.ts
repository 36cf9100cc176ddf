// Inputs and outputs of the gateway authorization pipeline (spec 5.1). The pipeline is pure: the
// wiring layer reads policies, mappings and server categories and passes them in as a snapshot.
import type { ScopeDenialReason } from '@platform/scopes';

/** One access policy row (spec 2.1 "Other stored records"). */
export interface AccessPolicyRow {
  /** An RBAC target key: `<target>`, `tool:<id>`, `server:<id>`, `category:<name>`, ... */
  readonly targetId: string;
  readonly requiredGroup: string;
  /** 1 allows, 0 denies. Anything else is treated as a deny so a corrupted row never grants. */
  readonly isAllowed: 0 | 1;
  /**
   * The identity source whose people the row is about (source-scope.ts): absent or null, everyone;
   * otherwise only callers signed in from that source, never AppKeys.
   */
  readonly identitySource?: string | null;
}

/** One GroupMappings row: an external identifier (user, group, role or SID) → internal group. */
export interface GroupMappingRow {
  readonly externalId: string;
  readonly internalGroup: string;
  /**
   * The identity source the row is for (docs/decisions/019): a `user:` row names the user of that
   * name in this source, and matches nobody without one; a group, role or SID row with a source
   * matches only what that source states. Absent or null on those: every source's.
   */
  readonly identitySource?: string | null;
}

export interface AuthorizationRequest {
  /**
   * An MCP method of the capability matrix: `tools/call`, `prompts/get`, ..., `search_tools`,
   * `execute_tool` (target = the inner tool) or DIRECT_PROXY_METHOD (target = the server id).
   */
  readonly method: string;
  /** The item asked for or listed: tool or prompt name, resource URI, template URI, server id. */
  readonly target: string;
  /** The server the caller already knows the target belongs to; wins over extraction. */
  readonly serverId?: string;
}

export interface AuthorizationContext {
  /**
   * A backend's categories now (stored JSON array or comma list items). Called at most once per
   * decision; whatever it throws denies the request.
   */
  categoriesOf(serverId: string): readonly string[];
  readonly groupMappings: readonly GroupMappingRow[];
  readonly policies: readonly AccessPolicyRow[];
  /** Config `Admin:GroupSid` (GATEWAY_ADMIN_GROUP_SID); see DEFAULT_ADMIN_GROUP_SID. */
  readonly adminGroupSid: string;
  /** Native tool prefix → server id; defaults to the library's DEFAULT_NATIVE_TOOL_PREFIXES. */
  readonly nativeToolPrefixes?: Readonly<Record<string, string>>;
  /** The registered server ids, when known: names are then split as routing splits them (splitNamespacedName). */
  readonly serverIds?: readonly string[];
}

export type AdminBypassBasis = 'admin-sid' | 'full-admin-claim';

export type AuthorizationGrant =
  | {
      readonly allowed: true;
      readonly via: 'admin-bypass';
      readonly basis: AdminBypassBasis;
      readonly effectiveGroups: readonly string[];
    }
  | {
      readonly allowed: true;
      readonly via: 'policy';
      readonly matchedPolicy: AccessPolicyRow;
      /** The AppKey scope that let the request through step 1; absent for other callers and search_tools. */
      readonly matchedScope?: string;
      readonly effectiveGroups: readonly string[];
    };

/** Where the request was stopped: before the pipeline, at the AppKey scope check, or at RBAC. */
export type AuthorizationStage = 'request' | 'scope' | 'rbac';

export type AuthorizationDenialReason =
  | ScopeDenialReason
  /** An AppKey principal without its key credential: treated like a key without scopes. */
  | 'missing-app-key'
  /** A policy row with IsAllowed 0 matched. */
  | 'explicit-deny'
  /** No policy row matched at all: RBAC is default-deny. */
  | 'no-matching-allow'
  /** A context callback (categoriesOf) or the pipeline itself threw; see `cause`. */
  | 'context-failure';

export interface AuthorizationDenial {
  readonly allowed: false;
  readonly stage: AuthorizationStage;
  readonly reason: AuthorizationDenialReason;
  /** Client-facing text: the spec's AppKey rejection, or permissionDeniedMessage(method, target). */
  readonly message: string;
  /** The deny row that decided it (reason `explicit-deny`). */
  readonly deniedBy?: AccessPolicyRow;
  /** An AppKey caller refused by RBAC: the scope that let it past step 1 (for the explain tool). */
  readonly matchedScope?: string;
  /** What was thrown (reason `context-failure`), for the log; never shown to the client. */
  readonly cause?: unknown;
  /**
   * Which layer refused and what would let the request through, for the caller (JSON-RPC error
   * `data`, problem details `denial`). Set by the wiring layer for requests a caller is answered
   * about, never for the items a list leaves out silently (see explainDenial).
   */
  readonly explanation?: DenialExplanation;
}

export type DenialExplanationReason =
  /** The method is outside the capability matrix: nobody may use it. */
  | 'method-not-served'
  /** The AppKey's scope list is missing or does not parse: the key may use nothing. */
  | 'no-usable-scopes'
  /** Layer 1: no scope of the key covers the target. */
  | 'scope-does-not-cover'
  /** Layer 2: no access policy allows the target to any of the caller's groups. */
  | 'no-allow-policy'
  /** Layer 2: a deny policy for one of the caller's groups covers the target. */
  | 'denied-by-policy'
  /** The rules could not be read: everything is denied until they can. */
  | 'rules-unavailable';

/** The JSON-RPC error `data` (and problem details `denial`) of a denied request. */
export interface DenialExplanation {
  readonly layer: AuthorizationStage;
  readonly reason: DenialExplanationReason;
  /** What refused and what to add, in a sentence or two. */
  readonly hint: string;
  /** Layer 1: a key with any one of these scopes would be let through (to layer 2). */
  readonly scopes?: readonly string[];
  /** Layer 2: an allow row for one of these groups on one of these targets would grant it. */
  readonly allowPolicy?: {
    readonly requiredGroups: readonly string[];
    readonly targetIds: readonly string[];
  };
}

export type AuthorizationDecision = AuthorizationGrant | AuthorizationDenial;
