// The terminals feature: the tmux adapter, attached sessions, per-session turns and the tmux
// part of /health.
import { type DynamicModule, Module } from '@nestjs/common';
import { HEALTH_DETAILS } from '@platform/service-kit';
import { ProcessTmuxRunner, TmuxClient } from '@platform/tmux';
import type { BridgeConfig } from '../config/bridge-config';
import { SessionDirectory, type SessionSettings } from './session-directory.service';
import { SessionMonitors } from './session-monitors.service';
import { TerminalTurns, type TurnSettings } from './terminal-turns.service';
import { TmuxHealthService } from './tmux-health.service';
import { SESSION_SETTINGS, TMUX_SERVER, TURN_SETTINGS } from './tmux.tokens';

@Module({})
export class TerminalsModule {
  /** `dependencies`: the taps and the injection audit that turns and sessions record to. */
  static register(config: BridgeConfig, dependencies: DynamicModule[]): DynamicModule {
    const server = config.tmuxServer();
    const turnSettings: TurnSettings = {
      timings: config.settleTimings(),
      enterDelayMs: config.TERM_BRIDGE_ENTER_DELAY_MS,
      maxInputBytes: config.TERM_BRIDGE_MAX_INPUT_BYTES,
      maxQueuedPerSession: config.TERM_BRIDGE_MAX_QUEUED_PER_SESSION,
    };
    const sessionSettings: SessionSettings = {
      ...(config.TERM_BRIDGE_DEFAULT_COMMAND === undefined
        ? {}
        : { command: config.TERM_BRIDGE_DEFAULT_COMMAND }),
      maxSessions: config.TERM_BRIDGE_MAX_SESSIONS,
      start: { quietMs: config.TERM_BRIDGE_QUIESCENCE_MS, limitMs: config.TERM_BRIDGE_SESSION_START_MS },
    };
    return {
      module: TerminalsModule,
      imports: dependencies,
      providers: [
        { provide: TMUX_SERVER, useValue: server },
        { provide: TURN_SETTINGS, useValue: turnSettings },
        { provide: SESSION_SETTINGS, useValue: sessionSettings },
        { provide: TmuxClient, useValue: new TmuxClient(new ProcessTmuxRunner(server)) },
        SessionMonitors,
        SessionDirectory,
        TerminalTurns,
        TmuxHealthService,
        { provide: HEALTH_DETAILS, useExisting: TmuxHealthService },
      ],
      exports: [TmuxClient, SessionDirectory, TerminalTurns, SessionMonitors],
    };
  }
}
