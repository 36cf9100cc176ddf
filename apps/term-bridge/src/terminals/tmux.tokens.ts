// Injection tokens of the terminals feature.

/** The TmuxServerOptions the bridge talks to. */
export const TMUX_SERVER = Symbol('TMUX_SERVER');

/** Settings of terminal turns (TurnSettings). */
export const TURN_SETTINGS = Symbol('TURN_SETTINGS');

/** How the bridge creates sessions (SessionSettings). */
export const SESSION_SETTINGS = Symbol('SESSION_SETTINGS');
