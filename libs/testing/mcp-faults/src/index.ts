// Test support for failure modes of MCP backends: a fault-injecting proxy for network backends,
// misbehaving stdio and plain-HTTP backends, and a launcher for server-everything. Tests only.
export { FaultProxy } from './proxy/fault-proxy';
export type {
  AppliedFault,
  BlackholeFault,
  DelayFault,
  DropConnectionFault,
  Fault,
  FaultHandle,
  FaultKind,
  FaultMatch,
  FaultProxyOptions,
  FaultProxyStats,
  HttpStatusFault,
  MalformedFault,
  MalformedVariant,
  RefuseFault,
} from './proxy/fault.types';
export { NOT_JSON_RPC_NOTE } from './proxy/json-rpc-traffic';

export { INSPECTOR_TIMEOUT_MS, runInspectorCli } from './inspector/inspector-cli';
export type { InspectorResult } from './inspector/inspector-cli';
export { openLegacySseStream } from './sse/legacy-sse-stream';
export type { LegacySseStream } from './sse/legacy-sse-stream';
export { SseEventParser } from './sse/sse-event.parser';
export type { SseEvent, SseStreamEnd } from './sse/sse-event.parser';
export { serializeSseEvent } from './sse/sse-event.serializer';
export type { SseEventFields } from './sse/sse-event.serializer';

export { misbehavingStdioBackendPath } from './backend/misbehaving-stdio-backend.path';
export { startMisbehavingHttpBackend } from './backend/misbehaving-http-backend';
export type {
  MisbehavingHttpBackend,
  MisbehavingHttpBackendOptions,
} from './backend/misbehaving-http-backend';
export {
  FALLBACK_PROTOCOL_VERSION,
  GARBAGE_LINE,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './backend/misbehaving-backend.core.mjs';
export type { MisbehavingMode } from './backend/misbehaving-backend.core.mjs';

export { startEverythingServer } from './support/everything-server';
export type {
  EverythingServer,
  EverythingServerOptions,
  EverythingTransport,
} from './support/everything-server';
export {
  cpuMilliseconds,
  isProcessGroupAlive,
  killProcessGroup,
  spawnProcessGroup,
} from './support/process-group';
export { findFreePort } from './support/free-port';
export { waitUntilReady } from './support/wait-until-ready';
