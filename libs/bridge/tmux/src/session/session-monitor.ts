// Watches one session through one control-mode client: mirrors the panes the bridge types into
// (seeded from tmux's rendering, then fed from %output), tells turns when a pane's mirror has
// changed, and notices the session ending. Nothing here polls.
import { ControlClient } from '../control/control-client';
import type { ControlNotification } from '../control/control-events';
import { PaneScreen } from '../screen/pane-screen';
import { PANE_STATE_FORMAT, parsePaneState, type PaneState } from '../tmux/pane-state';
import type { TmuxClient } from '../tmux/tmux-client';
import type { TmuxServerOptions } from '../tmux/tmux-server';
import type { Keyboard } from '../tmux/keyboard';
import { ControlKeyboard } from './control-keyboard';

interface MirroredPane {
  readonly windowId: string;
  screen?: PaneScreen;
  seeding?: Promise<PaneScreen>;
  /** Output that arrived while the seed was being read, with the block sequence it arrived at. */
  readonly queued: { data: Buffer; sequence: number }[];
  updateScheduled: boolean;
}

type Listener = () => void;
type RenameListener = (windowId: string, name: string) => void;

export class SessionMonitor {
  private readonly panes = new Map<string, MirroredPane>();
  private readonly paneListeners = new Map<string, Set<Listener>>();
  private readonly renameListeners = new Set<RenameListener>();
  private readonly closeListeners = new Set<Listener>();
  private closed = false;

  private constructor(private readonly client: ControlClient) {
    client.onNotification((event, sequence) => this.handle(event, sequence));
  }

  static async open(
    server: TmuxServerOptions,
    sessionName: string,
    timeoutMs?: number,
  ): Promise<SessionMonitor> {
    const client = await ControlClient.attach({
      server,
      sessionName,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    return new SessionMonitor(client);
  }

  get sessionName(): string {
    return this.client.sessionName;
  }

  get sessionId(): string {
    return this.client.sessionId;
  }

  get isClosed(): boolean {
    return this.closed || this.client.isClosed;
  }

  /** The pane a session target (`=name:`) resolves to: the current window's active pane. */
  async activePane(): Promise<PaneState> {
    const [line = ''] = await this.client.command(
      `display-message -p -t '${this.sessionId}' '${PANE_STATE_FORMAT}'`,
    );
    return parsePaneState(line);
  }

  /** The state of one pane now (its foreground command, cursor, screen). */
  async paneState(paneId: string): Promise<PaneState> {
    if (!/^%\d+$/.test(paneId)) throw new TypeError('pane targets must be resolved pane ids (%N)');
    const [line = ''] = await this.client.command(`display-message -p -t '${paneId}' '${PANE_STATE_FORMAT}'`);
    return parsePaneState(line);
  }

  /** Types through this session's control client (pastes through `tmux`). */
  keyboard(tmux: Pick<TmuxClient, 'paste'>): Keyboard {
    return new ControlKeyboard(this.client, tmux);
  }

  /** The mirror of a pane, created and seeded on first use. */
  screen(pane: PaneState): Promise<PaneScreen> {
    let mirrored = this.panes.get(pane.paneId);
    if (mirrored?.screen !== undefined) return Promise.resolve(mirrored.screen);
    if (mirrored?.seeding !== undefined) return mirrored.seeding;
    mirrored = { windowId: pane.windowId, queued: [], updateScheduled: false };
    this.panes.set(pane.paneId, mirrored);
    mirrored.seeding = this.seed(pane.paneId, mirrored);
    return mirrored.seeding;
  }

  /** Called (once per burst) after new output of the pane has been applied to its mirror. */
  onPaneUpdate(paneId: string, listener: Listener): () => void {
    const listeners = this.paneListeners.get(paneId) ?? new Set<Listener>();
    listeners.add(listener);
    this.paneListeners.set(paneId, listeners);
    return () => listeners.delete(listener);
  }

  onWindowRenamed(listener: RenameListener): () => void {
    this.renameListeners.add(listener);
    return () => this.renameListeners.delete(listener);
  }

  /** Called once when the session ends or the client is closed. */
  onClosed(listener: Listener): () => void {
    if (this.isClosed) {
      queueMicrotask(listener);
      return () => undefined;
    }
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.client.close();
    this.markClosed();
  }

  private async seed(paneId: string, mirrored: MirroredPane): Promise<PaneScreen> {
    const result = await this.client.commands([
      `capture-pane -p -t '${paneId}'`,
      `display-message -p -t '${paneId}' '${PANE_STATE_FORMAT}'`,
    ]);
    const state = parsePaneState(result.outputs[1]?.[0] ?? '');
    const screen = await PaneScreen.seeded({ ...state, lines: result.outputs[0] ?? [] });
    for (const output of mirrored.queued.splice(0)) {
      // Output that tmux sent before the capture is already part of the captured screen.
      if (output.sequence >= result.sequence) void screen.write(output.data);
    }
    mirrored.screen = screen;
    mirrored.seeding = undefined;
    await screen.flush();
    return screen;
  }

  private handle(event: ControlNotification, sequence: number): void {
    switch (event.type) {
      case 'output':
        this.applyOutput(event.paneId, event.data, sequence);
        return;
      case 'window-renamed':
        for (const listener of this.renameListeners) listener(event.windowId, event.name);
        return;
      case 'layout-change':
        void this.resizeWindow(event.windowId);
        return;
      case 'window-close':
        this.forgetWindow(event.windowId);
        return;
      case 'exit':
      case 'session-renamed':
        // A renamed session no longer matches the model id it was opened for.
        void this.close();
        return;
      case 'session-changed':
      case 'sessions-changed':
      case 'window-pane-changed':
      case 'session-window-changed':
      case 'pane-mode-changed':
      case 'other':
        return;
    }
  }

  private applyOutput(paneId: string, data: Buffer, sequence: number): void {
    const mirrored = this.panes.get(paneId);
    if (mirrored === undefined) return;
    if (mirrored.screen === undefined) {
      mirrored.queued.push({ data, sequence });
      return;
    }
    void mirrored.screen.write(data).then(() => this.scheduleUpdate(paneId, mirrored));
  }

  /** Coalesces a burst of writes into one notification, so a flood of output costs one read. */
  private scheduleUpdate(paneId: string, mirrored: MirroredPane): void {
    if (mirrored.updateScheduled) return;
    mirrored.updateScheduled = true;
    setImmediate(() => {
      mirrored.updateScheduled = false;
      for (const listener of this.paneListeners.get(paneId) ?? []) listener();
    });
  }

  private async resizeWindow(windowId: string): Promise<void> {
    for (const [paneId, mirrored] of this.panes) {
      if (mirrored.windowId !== windowId || mirrored.screen === undefined) continue;
      const [line = ''] = await this.client
        .command(`display-message -p -t '${paneId}' '#{pane_width} #{pane_height}'`)
        .catch(() => ['']);
      const [width, height] = line.split(' ').map(Number);
      if (width && height) mirrored.screen.resize(width, height);
    }
  }

  private forgetWindow(windowId: string): void {
    for (const [paneId, mirrored] of this.panes) {
      if (mirrored.windowId !== windowId) continue;
      mirrored.screen?.dispose();
      this.panes.delete(paneId);
    }
  }

  private markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    for (const mirrored of this.panes.values()) mirrored.screen?.dispose();
    this.panes.clear();
    for (const listener of this.closeListeners) listener();
    this.closeListeners.clear();
  }
}
