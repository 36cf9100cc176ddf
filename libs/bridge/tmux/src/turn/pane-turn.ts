// One turn in a session: type the input into the active pane, follow the pane's mirror as its
// output arrives, hand out text as it becomes final, and stop when the output has settled. The
// whole response is the concatenation of the streamed pieces, so streaming and non-streaming
// clients read the same text.
import type { SessionMonitor } from '../session/session-monitor';
import type { SettleOutcome, SettleTimings, TurnEnding } from '../settle/settle-timer';
import { normalizeInputText } from '../tmux/text-input-plan';
import { LineAssembler } from './line-assembler';
import type { Keyboard } from '../tmux/keyboard';
import { type InputStepListener, sendInput, type TurnInput } from './send-input';
import { TurnOutput, type TurnMode } from './turn-output';
import { TurnSignals } from './turn-signals';

export interface TurnRequest {
  readonly input: TurnInput;
  readonly timings: SettleTimings;
  /**
   * `quiet` (default): the turn may end at a pause, for replies sent whole; `prompt`: it follows
   * the program until it is back at its prompt, for streamed replies (settle-timer.ts).
   */
  readonly ending?: TurnEnding;
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
  const assembler = new LineAssembler();
  let text = '';
  const emit = (lines: readonly string[]): void => {
    const piece = assembler.add(lines);
    if (piece === '') return;
    text += piece;
    request.onText?.(piece);
  };
  const signals = new TurnSignals(
    { monitor, pane, screen, output, inputKind: request.input.kind },
    {
      timings: request.timings,
      ending: request.ending ?? 'quiet',
      ...(request.signal === undefined ? {} : { signal: request.signal }),
    },
    emit,
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
    signals.settle.start();
    signals.observe();
    const outcome = await signals.settle.settled;
    if (outcome.reason !== 'ended') {
      await screen.flush();
      emit(output.finish(signals.shellIsBack));
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
    signals.dispose();
    output.dispose();
  }
}
