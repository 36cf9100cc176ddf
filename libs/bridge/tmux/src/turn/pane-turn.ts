// One turn in a session: type the input into the active pane, follow the pane's mirror as its
// output arrives, hand out text as it becomes final, and stop when the output has settled. The
// whole response is the concatenation of the streamed pieces, so streaming and non-streaming
// clients read the same text.
import type { SessionMonitor } from '../session/session-monitor';
import { SettleTimer, type SettleOutcome, type SettleTimings } from '../settle/settle-timer';
import { isShellCommand, type PaneState } from '../tmux/pane-state';
import { normalizeInputText } from '../tmux/text-input-plan';
import { LineAssembler } from './line-assembler';
import { type InputStepListener, type Keyboard, sendInput, type TurnInput } from './send-input';
import { TurnOutput, type TurnMode } from './turn-output';

export interface TurnRequest {
  readonly input: TurnInput;
  readonly timings: SettleTimings;
  /** Pause between the text and its Enter (at least 120 ms for interactive TUIs). */
  readonly enterDelayMs: number;
  /** Aborting stops following the output (the program keeps running). */
  readonly signal?: AbortSignal;
  /** Receives each new piece of text as soon as it is final. */
  readonly onText?: (piece: string) => void;
  readonly onInputStep?: InputStepListener;
  /** Runs after the turn is set up and before anything is typed (e.g. the audit); a throw types nothing. */
  readonly beforeInput?: () => Promise<void>;
}

export interface TurnResult {
  readonly text: string;
  readonly outcome: SettleOutcome;
  readonly mode: TurnMode;
  readonly paneId: string;
  /** The foreground program when the turn started and when it ended (undefined if the session ended). */
  readonly commandBefore: string;
  readonly commandAfter?: string;
}

export interface TurnDependencies {
  readonly monitor: SessionMonitor;
  /** How to type; `monitor.keyboard(tmux)` types through the control client. */
  readonly keyboard: Keyboard;
}

export async function runTurn(dependencies: TurnDependencies, request: TurnRequest): Promise<TurnResult> {
  const { monitor } = dependencies;
  const pane = await monitor.activePane();
  const screen = await monitor.screen(pane);
  await screen.flush();
  const mode: TurnMode = screen.alternateScreen || screen.cursorHidden ? 'screen' : 'line';
  const output = new TurnOutput(screen, {
    mode,
    inputLines: request.input.kind === 'text' ? normalizeInputText(request.input.text).split('\n') : [],
    promptText: mode === 'line' ? screen.rowText(screen.cursorRow, screen.cursorX) : '',
  });
  const settle = new SettleTimer(request.timings);
  const assembler = new LineAssembler();
  let text = '';
  const emit = (lines: readonly string[]): void => {
    const piece = assembler.add(lines);
    if (piece === '') return;
    text += piece;
    request.onText?.(piece);
  };
  const observe = (): void => {
    if (settle.isSettled) return;
    const observation = output.observe();
    emit(observation.lines);
    if (observation.changed) settle.change();
    if (observation.prompt !== undefined) settle.prompt(observation.prompt);
  };
  const stopListening = listen(
    dependencies.monitor,
    pane,
    settle,
    observe,
    screen.onOsc133.bind(screen),
    request.signal,
  );
  try {
    await request.beforeInput?.();
    await sendInput(
      dependencies.keyboard,
      pane.paneId,
      request.input,
      request.enterDelayMs,
      request.onInputStep,
    );
    settle.start();
    observe();
    const outcome = await settle.settled;
    if (outcome.reason !== 'ended') {
      await screen.flush();
      emit(output.finish());
    }
    const after = outcome.reason === 'ended' ? undefined : await monitor.activePane().catch(() => undefined);
    return {
      text,
      outcome,
      mode,
      paneId: pane.paneId,
      commandBefore: pane.currentCommand,
      ...(after === undefined ? {} : { commandAfter: after.currentCommand }),
    };
  } finally {
    stopListening();
    output.dispose();
  }
}

/** Wires the events that move a turn forward; returns the function that unwires them. */
function listen(
  monitor: SessionMonitor,
  pane: PaneState,
  settle: SettleTimer,
  observe: () => void,
  onOsc133: (listener: (kind: string) => void) => () => void,
  signal: AbortSignal | undefined,
): () => void {
  let leftShell = false;
  const abort = (): void => settle.end('cancelled');
  signal?.addEventListener('abort', abort);
  if (signal?.aborted) abort();
  const unsubscribers = [
    monitor.onPaneUpdate(pane.paneId, observe),
    monitor.onClosed(() => settle.end('ended')),
    // Shell integration: the shell sends OSC 133 `D` after the command's last output, so the
    // output is complete (the prompt it draws next is not output).
    onOsc133((kind) => {
      if (kind === 'D') settle.prompt('exact');
    }),
    // With automatic-rename, the window takes the command's name and gets the shell's back at the end.
    monitor.onWindowRenamed((windowId, name) => {
      if (windowId !== pane.windowId) return;
      if (!isShellCommand(name)) leftShell = true;
      else if (leftShell) settle.prompt('pattern');
    }),
  ];
  return () => {
    signal?.removeEventListener('abort', abort);
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
