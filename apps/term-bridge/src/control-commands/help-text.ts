// The reply to /help (and the hint in replies to unknown commands).
import { allowedKeyNames } from '@platform/tmux';

export const HELP_TEXT = [
  'Control commands (anything else is typed into the terminal, followed by Enter):',
  '',
  '/list                 sessions, each usable as the model term:<name>',
  '/new [name] [command] create a session (default name: the lowest free term-<n>) and optionally run a command in it',
  '/kill <name>          end a session',
  '/tail [n]             the last n lines of this session (default 25)',
  '/cancel               press Ctrl-C',
  '/approve, /reject     answer the permission prompt on screen (Claude Code, Codex, Gemini CLI, aider, y/n questions)',
  '/keys <key> [key…]    press keys: ' + allowedKeyNames().join(', '),
  '/help                 this list',
  '',
  'To type text that starts with a slash, start it with two: //usr/bin/env types /usr/bin/env.',
].join('\n');
