// The bridge's part of GET /health: whether tmux can be run and which version, and how many
// sessions there are (models) and are attached. Cached briefly so frequent probes cost one
// `tmux` process per few seconds at most.
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock, type HealthDetailsSource } from '@platform/service-kit';
import { describeServer, TmuxClient, type TmuxServerOptions } from '@platform/tmux';
import { SessionMonitors } from './session-monitors.service';
import { TMUX_SERVER } from './tmux.tokens';

const CACHE_MS = 2000;
const CHECK_TIMEOUT_MS = 1000;

// A type alias (not an interface) so it is assignable to the kit's Record<string, unknown>.
export type TmuxHealth = {
  readonly activeSessions: number;
  readonly attachedSessions: number;
  readonly tmux: { readonly available: boolean; readonly version: string | null; readonly server: string };
};

@Injectable()
export class TmuxHealthService implements HealthDetailsSource {
  private cached: { at: number; value: Promise<TmuxHealth> } | undefined;

  constructor(
    private readonly tmux: TmuxClient,
    private readonly monitors: SessionMonitors,
    @Inject(TMUX_SERVER) private readonly server: TmuxServerOptions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  healthDetails(): Promise<TmuxHealth> {
    const now = this.clock.nowMs();
    if (this.cached === undefined || now - this.cached.at > CACHE_MS) {
      this.cached = { at: now, value: this.check() };
    }
    return this.cached.value;
  }

  private async check(): Promise<TmuxHealth> {
    // Bounded: a hung tmux server must not make the liveness probe fail (a restart would end every session).
    const [version, sessions] = await Promise.all([
      within(CHECK_TIMEOUT_MS, this.tmux.version(), null),
      within(CHECK_TIMEOUT_MS, this.tmux.listSessions(), []),
    ]);
    return {
      activeSessions: sessions.length,
      attachedSessions: this.monitors.attachedCount,
      tmux: { available: version !== null, version, server: describeServer(this.server) },
    };
  }
}

/** The value of `work`, or `fallback` if it fails or takes longer than `ms`. */
function within<T, F>(ms: number, work: Promise<T>, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work.catch(() => fallback), timeout]).finally(() => clearTimeout(timer));
}
