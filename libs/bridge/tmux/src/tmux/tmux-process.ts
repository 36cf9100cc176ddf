// How every tmux process the bridge starts is started: with an environment built from an
// allow-list and in the home directory. That environment matters beyond the tmux client: a
// client that starts the server makes it the server's global environment, which every shell in
// every session inherits, so the bridge's own environment (its key, its database URL, its other
// settings, whatever else it was started with) must never be handed on as a whole.
import { statSync } from 'node:fs';
import { homedir } from 'node:os';

/**
 * The only variables tmux processes receive from the bridge: what a program needs to run and
 * to find tmux's socket. Exact names (no `LC_*` prefix: SSH's `AcceptEnv LC_*` makes that a
 * common carrier of other data). Agent and display sockets (`SSH_AUTH_SOCK`, `DISPLAY`) are
 * left out: a shell reached through the bridge does not silently use the operator's forwarded
 * keys or screen (decision 018).
 */
export const INHERITED_VARIABLES: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_ADDRESS',
  'LC_COLLATE',
  'LC_CTYPE',
  'LC_IDENTIFICATION',
  'LC_MEASUREMENT',
  'LC_MESSAGES',
  'LC_MONETARY',
  'LC_NAME',
  'LC_NUMERIC',
  'LC_PAPER',
  'LC_TELEPHONE',
  'LC_TIME',
  'TZ',
  'TERM',
  'TMPDIR',
  'TMUX_TMPDIR',
];

/** The allow-listed part of `base`. `TMUX` is never in it, so a bridge started inside tmux still addresses the configured server. */
export function tmuxEnvironment(
  base: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const name of INHERITED_VARIABLES) {
    const value = Object.hasOwn(base, name) ? base[name] : undefined;
    if (value !== undefined) environment[name] = value;
  }
  return environment;
}

/**
 * Where tmux processes run: the home directory if it exists, else `/`. A new session starts in
 * its client's directory, so this is where shells start, as after a login, rather than in the
 * bridge's working directory (its checkout, its embedded database).
 */
export function tmuxWorkingDirectory(home: string = process.env['HOME'] ?? homedir()): string {
  try {
    if (statSync(home).isDirectory()) return home;
  } catch {
    // No home directory (a service account without one): start at the root.
  }
  return '/';
}

/** Spawn options for a tmux process. */
export function tmuxProcessOptions(): { env: Record<string, string>; cwd: string } {
  return { env: tmuxEnvironment(), cwd: tmuxWorkingDirectory() };
}
