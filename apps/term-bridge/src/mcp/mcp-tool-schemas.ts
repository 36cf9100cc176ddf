// JSON Schemas of the MCP tools' arguments. The SDK validates calls against them before a tool
// runs; session names are checked once more by the terminals feature.
import { SESSION_NAME_PATTERN } from '@platform/tmux';

const sessionName = {
  type: 'string',
  pattern: SESSION_NAME_PATTERN.source,
  description: 'A tmux session name: letters, digits, "_" or "-" (also the model term:<name>).',
} as const;

export const NO_ARGUMENTS = { type: 'object', properties: {}, additionalProperties: false } as const;

export const READ_SCREEN_ARGUMENTS = {
  type: 'object',
  properties: {
    session: sessionName,
    lines: {
      type: 'integer',
      minimum: 1,
      maximum: 2000,
      default: 50,
      description: 'How many of the last lines.',
    },
  },
  required: ['session'],
  additionalProperties: false,
} as const;

export const SEND_TEXT_ARGUMENTS = {
  type: 'object',
  properties: {
    session: sessionName,
    text: { type: 'string', description: 'Typed exactly as given (never interpreted by tmux).' },
    enter: {
      type: 'boolean',
      default: true,
      description: 'Press Enter afterwards and return the settled output.',
    },
  },
  required: ['session', 'text'],
  additionalProperties: false,
} as const;

export const SEND_KEYS_ARGUMENTS = {
  type: 'object',
  properties: {
    session: sessionName,
    keys: {
      type: 'array',
      minItems: 1,
      maxItems: 32,
      items: { type: 'string' },
      description:
        'Key names from the allow-list (Enter, Escape, Tab, arrows, C-a…C-z, F1–F12) or single characters.',
    },
  },
  required: ['session', 'keys'],
  additionalProperties: false,
} as const;

export const CREATE_SESSION_ARGUMENTS = {
  type: 'object',
  properties: {
    name: sessionName,
    command: { type: 'string', description: 'A command to type into the new shell.' },
  },
  required: ['name'],
  additionalProperties: false,
} as const;

export const KILL_SESSION_ARGUMENTS = {
  type: 'object',
  properties: { name: sessionName },
  required: ['name'],
  additionalProperties: false,
} as const;
