// What a passing `npm test` must not print (docs/decisions/022-http-edge-shutdown-and-toolchain.md):
// a green run that scrolls warnings, service logs or leak notices past hides the one line that
// matters next time. Each rule names a kind of noise and how to recognise one line of it in Jest's
// output; `npm test` fails a passing run that printed any.

export const NOISE_RULES = [
  {
    kind: 'console output of a test (Jest prints a "console.<method>" block with a stack)',
    pattern: /^\s*console\.(log|info|warn|error|debug|trace)\s*$/,
  },
  {
    kind: 'a service log line (services under test log at LOG_LEVEL=silent or into their test definition)',
    pattern: /^\s*\{"level":\d+,/,
  },
  {
    kind: 'a Node.js process warning',
    pattern: /^\(node:\d+\) (\[[A-Z]+\d+\] )?[A-Za-z]*Warning\b/,
  },
  {
    kind: "a warning about Jest's own configuration",
    pattern: /^\s*● (Validation|Deprecation) Warning:/,
  },
  {
    kind: 'a leaked worker (a test left a timer, socket or process behind, or a worker grew too large to exit in time)',
    pattern: /A worker process has failed to exit gracefully/,
  },
  {
    kind: 'Jest kept waiting for open handles',
    pattern:
      /Jest did not exit one second after the test run has completed|Jest has detected the following \d+ open handles?/,
  },
];

/** The kind of noise `line` is, or undefined when a passing run may print it. */
export function noiseKind(line) {
  return NOISE_RULES.find((rule) => rule.pattern.test(line))?.kind;
}
