// The control-mode clients the bridge keeps attached: one per session, opened on first use and
// dropped when the session ends. Idle clients cost nothing but a process: tmux pushes output,
// nobody polls.
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { SessionMonitor, type TmuxServerOptions } from '@platform/tmux';
import { TapsService } from '../taps/taps.service';
import { TMUX_SERVER } from './tmux.tokens';

@Injectable()
export class SessionMonitors implements OnApplicationShutdown {
  private readonly monitors = new Map<string, Promise<SessionMonitor>>();
  /** Sessions with an open, attached monitor (kept in step by the monitors' close events). */
  private readonly attached = new Set<string>();

  constructor(
    @Inject(TMUX_SERVER) private readonly server: TmuxServerOptions,
    private readonly taps: TapsService,
  ) {}

  /** The attached monitor of a session, attaching if needed. */
  async get(sessionName: string): Promise<SessionMonitor> {
    const existing = this.monitors.get(sessionName);
    if (existing !== undefined) {
      const monitor = await existing.catch(() => undefined);
      if (monitor !== undefined && !monitor.isClosed) return monitor;
      if (this.monitors.get(sessionName) === existing) this.monitors.delete(sessionName);
      return this.get(sessionName);
    }
    const opening = SessionMonitor.open(this.server, sessionName);
    this.monitors.set(sessionName, opening);
    try {
      const monitor = await opening;
      this.taps.record('session', sessionName, { event: 'attached', sessionId: monitor.sessionId });
      this.attached.add(sessionName);
      monitor.onClosed(() => {
        if (this.monitors.get(sessionName) === opening) {
          this.monitors.delete(sessionName);
          this.attached.delete(sessionName);
        }
        this.taps.record('session', sessionName, { event: 'detached' });
      });
      return monitor;
    } catch (error) {
      if (this.monitors.get(sessionName) === opening) this.monitors.delete(sessionName);
      throw error;
    }
  }

  /** Detaches from a session (before killing it, so its end is expected). */
  async release(sessionName: string): Promise<void> {
    const opening = this.monitors.get(sessionName);
    this.monitors.delete(sessionName);
    this.attached.delete(sessionName);
    const monitor = await opening?.catch(() => undefined);
    await monitor?.close();
  }

  /** Whether the bridge is attached to the session now (then it certainly exists). */
  isAttached(sessionName: string): boolean {
    return this.attached.has(sessionName);
  }

  get attachedCount(): number {
    return this.monitors.size;
  }

  async onApplicationShutdown(): Promise<void> {
    const all = [...this.monitors.values()];
    this.monitors.clear();
    this.attached.clear();
    await Promise.all(all.map(async (opening) => (await opening.catch(() => undefined))?.close()));
  }
}
