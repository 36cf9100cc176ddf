// What each control command does (spec 4.4: /kill, /approve, /reject, /keys; plus /new, /list,
// /tail, /cancel, /help). Failures that the issue names (unknown session, existing session, bad
// key) are domain errors; everything else is a chat reply.
import { Injectable } from '@nestjs/common';
import { detectPermissionPrompt, parseKeySequence, TmuxClient, type TurnInput } from '@platform/tmux';
import type { Caller } from '../auth/api-key.verifier';
import { BridgeErrors } from '../errors/bridge-errors';
import { modelIdOf, type ModelTarget } from '../models/model-id';
import { type ChatReply, textReply } from '../replies/chat-reply';
import { chatTurnContext, followTurn } from '../replies/follow-turn';
import { TapsService } from '../taps/taps.service';
import { SessionDirectory } from '../terminals/session-directory.service';
import { TerminalTurns } from '../terminals/terminal-turns.service';
import { withTmuxErrors } from '../terminals/tmux-error.translator';
import type { ChatInput } from './control-command.parser';
import { HELP_TEXT } from './help-text';

export interface CommandContext {
  readonly caller: Caller;
  readonly target: ModelTarget;
  /** Whether the reply is streamed: then a turn follows the program until its prompt returns. */
  readonly stream: boolean;
  readonly requestId?: string;
  /** Checks that typing is allowed (never on an automatic retry); throws otherwise. */
  readonly assertMayType: () => void;
}

type Command = Extract<ChatInput, { kind: 'command' }>;

const TAIL_DEFAULT = 25;
const TAIL_MAX = 2000;

@Injectable()
export class ControlCommands {
  constructor(
    private readonly sessions: SessionDirectory,
    private readonly turns: TerminalTurns,
    private readonly tmux: TmuxClient,
    private readonly taps: TapsService,
  ) {}

  /** Checks and performs what can fail as an HTTP error; returns the reply. */
  async prepare(command: Command, context: CommandContext): Promise<ChatReply> {
    this.taps.record('control', context.target.kind === 'session' ? context.target.name : null, {
      command: command.name,
    });
    switch (command.name) {
      case 'help':
      case '?':
        return textReply(HELP_TEXT);
      case 'list':
      case 'ls':
      case 'sessions':
        return textReply(await this.list());
      case 'new':
      case 'spawn':
        return this.create(command, context);
      case 'kill':
        return this.kill(command);
      case 'tail':
        return this.tail(command, context);
      case 'cancel':
      case 'c':
      case 'sigint':
        return this.press(context, { kind: 'keys', keys: [{ kind: 'named', name: 'C-c' }] });
      case 'keys':
        return this.keys(command, context);
      case 'approve':
      case 'y':
      case 'yes':
        return this.answerPrompt('approve', context);
      case 'reject':
      case 'n':
      case 'no':
        return this.answerPrompt('reject', context);
      default:
        return textReply(
          `Unknown command "/${command.name.length > 40 ? `${command.name.slice(0, 40)}…` : command.name}". Send /help for the list. To type text that starts with a slash, start it with two slashes.`,
        );
    }
  }

  private async list(): Promise<string> {
    const sessions = await this.sessions.list();
    if (sessions.length === 0)
      return 'No sessions. Create one with /new [name] or by chatting with term:new.';
    const rows = sessions.map(
      (session) =>
        `| ${session.name} | term:${session.name} | ${session.windows} | ${session.attachedClients} | ${new Date(session.created * 1000).toISOString()} |`,
    );
    return ['| Session | Model | Windows | Clients | Created |', '|---|---|---|---|---|', ...rows].join('\n');
  }

  private async create(command: Command, context: CommandContext): Promise<ChatReply> {
    const [name, ...rest] = command.args;
    const commandLine = name === undefined ? '' : command.rest.slice(name.length).trim();
    if (commandLine !== '') context.assertMayType();
    if (name !== undefined) this.sessions.checkName(name);
    const created = await this.sessions.create(name);
    const preface = `Created session ${created}: chat with the model ${modelIdOf(created)} to use it.`;
    if (rest.length === 0) return textReply(preface);
    return async (out, signal) => {
      out.text(preface);
      await followTurn(
        out,
        this.turns,
        created,
        { kind: 'text', text: commandLine },
        chatTurnContext(context, signal),
      );
    };
  }

  private async kill(command: Command): Promise<ChatReply> {
    const [name] = command.args;
    if (name === undefined) return textReply('Usage: /kill <name>. /list shows the sessions.');
    this.sessions.checkName(name);
    if ((await this.sessions.find(name)) === undefined) throw BridgeErrors.sessionNotFound(name);
    await this.sessions.kill(name);
    return textReply(`Killed session ${name}.`);
  }

  private async tail(command: Command, context: CommandContext): Promise<ChatReply> {
    const name = await this.requireSession(context);
    if (name === undefined) return textReply(this.needsSession('/tail'));
    const requested = Number(command.args[0] ?? TAIL_DEFAULT);
    const lines = Number.isInteger(requested) && requested > 0 ? Math.min(requested, TAIL_MAX) : TAIL_DEFAULT;
    const captured = await withTmuxErrors(() => this.tmux.capturePane(name, lines), name);
    return textReply(captured.join('\n'));
  }

  private async keys(command: Command, context: CommandContext): Promise<ChatReply> {
    const parsed = parseKeySequence(command.args);
    if (!parsed.ok) throw BridgeErrors.invalidRequest(parsed.problem, 'messages');
    return this.press(context, { kind: 'keys', keys: parsed.keys });
  }

  private async press(context: CommandContext, input: TurnInput): Promise<ChatReply> {
    const name = await this.requireSession(context);
    if (name === undefined) return textReply(this.needsSession('This command'));
    context.assertMayType();
    const place = this.turns.reserve(name);
    return (out, signal) => followTurn(out, this.turns, place, input, chatTurnContext(context, signal));
  }

  private async answerPrompt(answer: 'approve' | 'reject', context: CommandContext): Promise<ChatReply> {
    const name = await this.requireSession(context);
    if (name === undefined) return textReply(this.needsSession(`/${answer}`));
    context.assertMayType();
    const place = this.turns.reserve(name);
    return async (out, signal) => {
      let answered = false;
      const result = await this.turns.runIf(
        place,
        ({ pane, lines }) => {
          const profile = detectPermissionPrompt(lines, pane.currentCommand);
          if (profile === undefined) return undefined;
          answered = true;
          out.text(`${answer === 'approve' ? 'Approved' : 'Rejected'} the ${profile.label} prompt.`);
          out.section();
          return { kind: 'keys', keys: profile[answer] };
        },
        { ...chatTurnContext(context, signal), onText: (piece) => out.text(piece) },
      );
      if (!answered || result === undefined) {
        out.text(`No permission prompt is waiting in ${name}: nothing was sent. /tail shows the screen.`);
      }
    };
  }

  /** The session of a `term:<name>` model (404 if it is gone), or undefined for `term:new`. */
  private async requireSession(context: CommandContext): Promise<string | undefined> {
    if (context.target.kind === 'new') return undefined;
    const { name } = context.target;
    if (!(await this.sessions.exists(name))) throw BridgeErrors.modelNotFound(modelIdOf(name));
    return name;
  }

  private needsSession(what: string): string {
    return `${what} works on a session: chat with a term:<name> model. /list shows the sessions.`;
  }
}
