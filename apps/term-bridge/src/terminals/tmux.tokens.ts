// Injection tokens of the terminals feature.

/** The TmuxServerOptions the bridge talks to. */
export const TMUX_SERVER = Symbol('TMUX_SERVER');

/** Settings of terminal turns (TurnSettings). */
export const TURN_SETTINGS = Symbol('TURN_SETTINGS');

/** The shell command line of sessions the bridge creates (string or undefined). */
export const NEW_SESSION_COMMAND = Symbol('NEW_SESSION_COMMAND');

/** TERM_BRIDGE_MAX_SESSIONS: sessions that may exist before creating another is refused (number). */
export const MAX_SESSIONS = Symbol('MAX_SESSIONS');
