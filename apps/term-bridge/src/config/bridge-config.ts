// The bridge's settings on top of every service's (README "Terminal bridge"). TERM_BRIDGE_API_KEY
// and TERM_BRIDGE_TMUX_SOCKET are fixed names: acceptance checks use them.
import { BaseServiceConfig, EmptyAsUnset, EnvBoolean, EnvIntegerBetween } from '@platform/service-kit';
import type { SettleTimings, TmuxServerOptions } from '@platform/tmux';
import { IsBoolean, IsDefined, IsOptional, IsString, Matches, MinLength, ValidateIf } from 'class-validator';
import { NotSetTogetherWith } from './not-set-together.validator';
import { OnlyWithLoopbackHost } from './only-with-loopback-host.validator';

export class BridgeConfig extends BaseServiceConfig {
  /** Fixed name. The bearer key every client sends (spec 5.3). */
  @EmptyAsUnset()
  @ValidateIf((config: BridgeConfig) => !config.TERM_BRIDGE_INSECURE_NO_AUTH)
  @IsDefined({
    message:
      'must be set: clients authenticate with this key; for local development only, TERM_BRIDGE_INSECURE_NO_AUTH=true runs without one',
  })
  @IsString()
  @Matches(/^\S+$/, { message: 'must not contain whitespace' })
  TERM_BRIDGE_API_KEY?: string;

  /**
   * Runs without authentication. Never in production: anyone who reaches the port can type into
   * your shells. Only with a loopback HOST, and then only local requests from no other site are
   * answered (decision 018).
   */
  @EnvBoolean()
  @IsBoolean({ message: 'must be true or false' })
  @OnlyWithLoopbackHost()
  TERM_BRIDGE_INSECURE_NO_AUTH = false;

  /** Fixed name. A tmux socket name (`tmux -L <name>`); unset means the user's default server. */
  @EmptyAsUnset()
  @IsOptional()
  @Matches(/^[A-Za-z0-9._-]{1,100}$/, { message: 'must be a socket name: letters, digits, ".", "_" or "-"' })
  TERM_BRIDGE_TMUX_SOCKET?: string;

  /** A tmux socket path (`tmux -S <path>`), instead of a socket name. */
  @EmptyAsUnset()
  @IsOptional()
  @Matches(/^\//, { message: 'must be an absolute path' })
  @NotSetTogetherWith('TERM_BRIDGE_TMUX_SOCKET')
  TERM_BRIDGE_TMUX_SOCKET_PATH?: string;

  /** The tmux executable. */
  @IsString()
  @MinLength(1, { message: 'must not be empty' })
  TERM_BRIDGE_TMUX_BIN = 'tmux';

  /** Shell command line of sessions the bridge creates; unset means tmux's default shell. */
  @EmptyAsUnset()
  @IsOptional()
  @IsString()
  TERM_BRIDGE_DEFAULT_COMMAND?: string;

  /**
   * How long creating a session waits for its program to be ready for input (its first prompt),
   * so the first message is not typed before the shell has started.
   */
  @EnvIntegerBetween(0, 120_000, 'milliseconds')
  TERM_BRIDGE_SESSION_START_MS = 10_000;

  /** Output is settled after this long without a change (spec: quiescence). */
  @EnvIntegerBetween(10, 60_000, 'milliseconds')
  TERM_BRIDGE_QUIESCENCE_MS = 800;

  /** How long a turn waits for its first output. */
  @EnvIntegerBetween(10, 120_000, 'milliseconds')
  TERM_BRIDGE_FIRST_OUTPUT_MS = 3000;

  /** Hard cap of one turn; a command still running then ends the response with a note. */
  @EnvIntegerBetween(100, 600_000, 'milliseconds')
  TERM_BRIDGE_MAX_TURN_MS = 30_000;

  /** Pause between typed text and its Enter (interactive TUIs need at least 120 ms). */
  @EnvIntegerBetween(0, 5000, 'milliseconds')
  TERM_BRIDGE_ENTER_DELAY_MS = 120;

  /** A stream with no new output for this long ends (spec 8: 30 s). */
  @EnvIntegerBetween(100, 600_000, 'milliseconds')
  TERM_BRIDGE_STREAM_IDLE_MS = 30_000;

  /** Interval of SSE keep-alive comments on streams. */
  @EnvIntegerBetween(100, 60_000, 'milliseconds')
  TERM_BRIDGE_KEEPALIVE_MS = 10_000;

  /** Largest input (UTF-8 bytes) typed in one message; larger ones get a 400. */
  @EnvIntegerBetween(1, 1_048_576, 'bytes')
  TERM_BRIDGE_MAX_INPUT_BYTES = 65_536;

  /** Messages (history included) accepted in one chat request; only the last one is typed. */
  @EnvIntegerBetween(1, 1_000_000)
  TERM_BRIDGE_MAX_MESSAGES = 10_000;

  /** Sessions that may exist before term:new, /new and create_session refuse with 429. */
  @EnvIntegerBetween(1, 10_000)
  TERM_BRIDGE_MAX_SESSIONS = 50;

  /** Requests that may wait for a busy session (one turn runs at a time); more are refused with 429. */
  @EnvIntegerBetween(0, 1000)
  TERM_BRIDGE_MAX_QUEUED_PER_SESSION = 4;

  /** Diagnostic events kept in memory for GET /taps. */
  @EnvIntegerBetween(10, 100_000)
  TERM_BRIDGE_TAPS_CAPACITY = 1000;

  /** Also store diagnostic events in the database. */
  @EnvBoolean()
  @IsBoolean({ message: 'must be true or false' })
  TERM_BRIDGE_TAPS_PERSIST = true;

  /** Stored diagnostic events older than this are deleted. */
  @EnvIntegerBetween(1, 3650, 'days')
  TERM_BRIDGE_TAPS_RETENTION_DAYS = 7;

  /** Keep the typed text in the injection audit (length and SHA-256 are always kept). */
  @EnvBoolean()
  @IsBoolean({ message: 'must be true or false' })
  TERM_BRIDGE_AUDIT_TEXT = true;

  tmuxServer(): TmuxServerOptions {
    return {
      binary: this.TERM_BRIDGE_TMUX_BIN,
      ...(this.TERM_BRIDGE_TMUX_SOCKET === undefined ? {} : { socketName: this.TERM_BRIDGE_TMUX_SOCKET }),
      ...(this.TERM_BRIDGE_TMUX_SOCKET_PATH === undefined
        ? {}
        : { socketPath: this.TERM_BRIDGE_TMUX_SOCKET_PATH }),
    };
  }

  settleTimings(): SettleTimings {
    return {
      quietMs: this.TERM_BRIDGE_QUIESCENCE_MS,
      firstOutputMs: this.TERM_BRIDGE_FIRST_OUTPUT_MS,
      maxMs: this.TERM_BRIDGE_MAX_TURN_MS,
    };
  }
}
