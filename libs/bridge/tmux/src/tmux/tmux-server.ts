// Which tmux server the bridge talks to. An `-L` socket name gives the bridge its own isolated
// server; no socket means the user's default server, where their existing sessions live.

export interface TmuxServerOptions {
  /** The tmux executable (a name looked up on PATH, or a path). */
  readonly binary: string;
  /** `-L name`: a socket named `name` in tmux's socket directory. */
  readonly socketName?: string;
  /** `-S path`: a socket at an explicit path. */
  readonly socketPath?: string;
}

/** Global tmux arguments that select the server, placed before every command. */
export function serverArguments(server: TmuxServerOptions): string[] {
  if (server.socketName !== undefined && server.socketPath !== undefined) {
    throw new TypeError('choose either a socket name (-L) or a socket path (-S), not both');
  }
  // -u: UTF-8 whatever the locale. Without a UTF-8 LANG/LC_* (a slim container image, a systemd
  // unit) tmux prints the tabs between format fields as '_' and every parse of its answers fails.
  if (server.socketName !== undefined) return ['-u', '-L', server.socketName];
  if (server.socketPath !== undefined) return ['-u', '-S', server.socketPath];
  return ['-u'];
}

/** How the server reads in health reports and logs (never a secret). */
export function describeServer(server: TmuxServerOptions): string {
  if (server.socketName !== undefined) return `-L ${server.socketName}`;
  if (server.socketPath !== undefined) return `-S ${server.socketPath}`;
  return 'default server';
}
