// Test support: a Streamable HTTP MCP server with everything the official conformance suite's
// server scenarios look for, run as a child process, and a runner for the suite itself. Tests only.
export { startConformanceBackend } from './launcher/conformance-backend.launcher';
export type { ConformanceBackend, ConformanceBackendOptions } from './launcher/conformance-backend.launcher';
export { describeFailures, runConformanceSuite } from './suite/conformance-suite.runner';
export type {
  ConformanceCheck,
  ConformanceCheckStatus,
  ConformanceRun,
  ConformanceRunOptions,
  ConformanceScenarioResult,
} from './suite/conformance-suite.runner';
