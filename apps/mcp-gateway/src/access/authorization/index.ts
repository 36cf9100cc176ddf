// Public API of the gateway's authorization core (spec 5.1). The wiring layer (guards, list
// filters, Meta-Mode, direct proxy, admin UI) imports from here only.
export type {
  AccessPolicyRow,
  AdminBypassBasis,
  AuthorizationContext,
  AuthorizationDecision,
  AuthorizationDenial,
  AuthorizationDenialReason,
  AuthorizationGrant,
  AuthorizationRequest,
  AuthorizationStage,
  DenialExplanation,
  DenialExplanationReason,
  GroupMappingRow,
} from './authorization.types';
export { authorize } from './authorization.pipeline';
export { DEFAULT_ADMIN_GROUP_SID, adminBypassBasis } from './admin-bypass';
export { readMappingSubject, resolveEffectiveGroups, USER_MAPPING_PREFIX } from './group-mapping';
export type { EffectiveGroups, MappingSubject } from './group-mapping';
export { buildRbacTargetKeys, normalizePolicyTargetId } from './rbac-target-keys';
export type { RbacKeyContext, RbacTargetKeys } from './rbac-target-keys';
export { permissionDeniedMessage, scopeRejectionMessage } from './denial-messages';
export { explainDenial, RULES_UNAVAILABLE } from './denial-explanation';
export type { DenialReport } from './denial-explanation';
export { EVERY_TARGET_KEY } from './rbac-target-keys';
export { traceDecision } from './decision-trace';
export type { TraceLayer, TraceLayerName, TraceVerdict } from './decision-trace';
