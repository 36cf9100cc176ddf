// What the policy knows about the command-line options of the interpreters and package
// runners it inspects. Value and switch lists only hold options known for certain: a wrong
// entry could hide the real program, while a missing one only makes the policy stricter
// (option-scanner.ts). Reasons are shown to operators; the README justifies each entry.
import type { OptionGrammar } from './option-scanner';

/** A set from a space-separated list, to keep long name lists readable. */
export function words(list: string): ReadonlySet<string> {
  return new Set(list.split(' '));
}

export const INLINE_CODE = 'runs code given on the command line';
export const PRELOAD = 'loads code before the server (a module path or an inline data: URL)';
export const STDIN_CODE = 'evaluates standard input, where client messages arrive';
const DEBUGGER = 'opens a debugger port that accepts code';
const ENV_REINJECTION = 'loads variables such as NODE_OPTIONS that the gateway removes';

export const NODE_OPTIONS_GRAMMAR: OptionGrammar = {
  refusedLong: new Map([
    ['eval', INLINE_CODE],
    ['print', INLINE_CODE],
    ['require', PRELOAD],
    ['import', PRELOAD],
    ['loader', PRELOAD],
    ['experimental-loader', PRELOAD],
    ['interactive', STDIN_CODE],
    ['inspect', DEBUGGER],
    ['debug', DEBUGGER],
    ['run', 'runs a package.json script through a shell'],
    ['env-file', ENV_REINJECTION],
    ['env-file-if-exists', ENV_REINJECTION],
    ['experimental-config-file', ENV_REINJECTION],
    ['experimental-default-config-file', ENV_REINJECTION],
  ]),
  refusedPrefixes: ['inspect', 'debug', 'env-file'],
  refusedShort: new Map([
    ['e', INLINE_CODE],
    ['p', INLINE_CODE],
    ['r', PRELOAD],
    ['i', STDIN_CODE],
  ]),
  valueLong: words(
    'title conditions input-type disable-warning unhandled-rejections dns-result-order ' +
      'redirect-warnings diagnostic-dir icu-data-dir watch-path max-http-header-size',
  ),
  switchLong: words(
    'enable-source-maps expose-gc trace-warnings trace-deprecation trace-uncaught ' +
      'throw-deprecation pending-deprecation preserve-symlinks preserve-symlinks-main ' +
      'abort-on-uncaught-exception watch watch-preserve-output experimental-vm-modules ' +
      'experimental-strip-types experimental-transform-types experimental-require-module ' +
      'experimental-detect-module experimental-websocket experimental-sqlite ' +
      'experimental-permission permission allow-child-process allow-worker allow-wasi ' +
      'allow-addons frozen-intrinsics disallow-code-generation-from-strings jitless ' +
      'zero-fill-buffers use-openssl-ca use-bundled-ca insecure-http-parser trace-sync-io ' +
      'force-fips enable-fips',
  ),
  valueShort: 'C',
  switchShort: 'chv',
};

export const DENO_OPTIONS_GRAMMAR: OptionGrammar = {
  refusedLong: new Map([
    ['eval', INLINE_CODE],
    ['eval-file', 'runs code from a file or URL before the program'],
    ['preload', PRELOAD],
    ['require', PRELOAD],
    ['import', PRELOAD],
    ['inspect', DEBUGGER],
    ['env-file', ENV_REINJECTION],
  ]),
  refusedPrefixes: ['inspect', 'env-file'],
  refusedShort: new Map([['e', INLINE_CODE]]),
  valueLong: words('config import-map lock cert location seed log-level'),
  switchLong: words('quiet allow-all unstable cached-only no-prompt'),
  valueShort: 'cL',
  switchShort: 'qA',
};

export const BUN_OPTIONS_GRAMMAR: OptionGrammar = {
  refusedLong: new Map([
    ['eval', INLINE_CODE],
    ['print', INLINE_CODE],
    ['preload', PRELOAD],
    ['require', PRELOAD],
    ['import', PRELOAD],
    ['inspect', DEBUGGER],
    ['env-file', ENV_REINJECTION],
  ]),
  refusedPrefixes: ['inspect', 'env-file'],
  refusedShort: new Map([
    ['e', INLINE_CODE],
    ['p', INLINE_CODE],
    ['r', PRELOAD],
  ]),
  valueLong: new Set(['cwd', 'tsconfig-override']),
  switchLong: new Set(['bun', 'smol', 'hot', 'watch', 'silent']),
  valueShort: '',
  switchShort: '',
};

/** npx, pnpx, bunx, and npm/pnpm flags (npm reads configs such as node-options from any flag). */
export const PACKAGE_RUNNER_GRAMMAR: OptionGrammar = {
  npmStyle: true,
  refusedLong: new Map([
    ['call', 'runs a command string through a shell'],
    ['shell', 'chooses the shell that runs --call'],
    ['script-shell', 'chooses the shell that runs --call and scripts'],
    ['shell-mode', 'runs the command through a shell'],
    ['node-options', 'sets NODE_OPTIONS (preloads code) for the command'],
    ['userconfig', 'loads npm configuration, which can set node-options or script-shell'],
    ['globalconfig', 'loads npm configuration, which can set node-options or script-shell'],
  ]),
  refusedShort: new Map([['c', 'runs a command string through a shell']]),
  valueLong: new Set(['package', 'cache', 'registry', 'loglevel']),
  switchLong: words('yes quiet no-install prefer-offline prefer-online offline ignore-scripts bun'),
  valueShort: 'p',
  switchShort: 'yqs',
};

/** uvx and `uv run` / `uv tool run`: no flag of their own runs inline code. */
export const UV_OPTIONS_GRAMMAR: OptionGrammar = {
  refusedLong: new Map([['env-file', ENV_REINJECTION]]),
  refusedShort: new Map(),
  valueLong: words(
    'from with with-editable with-requirements python index index-url default-index ' +
      'extra-index-url directory project cache-dir config-file',
  ),
  switchLong: words(
    'isolated no-cache offline quiet verbose native-tls no-config refresh reinstall upgrade ' +
      'no-progress frozen locked no-sync no-project no-dev all-extras preview',
  ),
  valueShort: 'p',
  switchShort: 'qv',
};
