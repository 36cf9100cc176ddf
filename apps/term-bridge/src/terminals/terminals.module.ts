// The terminals feature: the tmux adapter, attached sessions, per-session turns and the tmux
// part of /health.
import { type DynamicModule, Module } from '@nestjs/common';
import { HEALTH_DETAILS } from '@platform/service-kit';
import { ProcessTmuxRunner, TmuxClient } from '@platform/tmux';
import type { BridgeConfig } from '../config/bridge-config';
import { SessionDirectory } from './session-directory.service';
import { SessionMonitors } from './session-monitors.service';
import { TerminalTurns, type TurnSettings } from './terminal-turns.service';
import { TmuxHealthService } from './tmux-health.service';
import { MAX_SESSIONS, NEW_SESSION_COMMAND, TMUX_SERVER, TURN_SETTINGS } from './tmux.tokens';

@Module({})
export class TerminalsModule {
  static register(config: BridgeConfig, diagnostics: DynamicModule): DynamicModule {
    const server = config.tmuxServer();
    const turnSettings: TurnSettings = {
      timings: config.settleTimings(),
      enterDelayMs: config.TERM_BRIDGE_ENTER_DELAY_MS,
      maxInputBytes: config.TERM_BRIDGE_MAX_INPUT_BYTES,
      maxQueuedPerSession: config.TERM_BRIDGE_MAX_QUEUED_PER_SESSION,
    };
    return {
      module: TerminalsModule,
      imports: [diagnostics],
      providers: [
        { provide: TMUX_SERVER, useValue: server },
        { provide: TURN_SETTINGS, useValue: turnSettings },
        { provide: NEW_SESSION_COMMAND, useValue: config.TERM_BRIDGE_DEFAULT_COMMAND },
        { provide: MAX_SESSIONS, useValue: config.TERM_BRIDGE_MAX_SESSIONS },
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
