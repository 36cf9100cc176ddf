// The public entry loads as an ES module (type-only exports really are type-only) and offers
// what index.ts documents.
import { describe, expect, it } from '@jest/globals';
import * as publicApi from './index';

describe('@platform/testing-mcp-faults', () => {
  it('exports the documented runtime API', () => {
    expect(Object.keys(publicApi).sort()).toEqual(
      [
        'FALLBACK_PROTOCOL_VERSION',
        'FaultProxy',
        'GARBAGE_LINE',
        'INSPECTOR_TIMEOUT_MS',
        'NOT_JSON_RPC_NOTE',
        'SUPPORTED_PROTOCOL_VERSIONS',
        'SseEventParser',
        'cpuMilliseconds',
        'findFreePort',
        'isProcessGroupAlive',
        'killProcessGroup',
        'misbehavingStdioBackendPath',
        'openLegacySseStream',
        'runInspectorCli',
        'serializeSseEvent',
        'spawnProcessGroup',
        'startEverythingServer',
        'startMisbehavingHttpBackend',
        'waitUntilReady',
      ].sort(),
    );
    expect(publicApi.SUPPORTED_PROTOCOL_VERSIONS).toEqual([
      '2025-11-25',
      '2025-06-18',
      '2025-03-26',
      '2024-11-05',
    ]);
  });
});
