// The forms the elicitation tools send (`requestedSchema` of elicitation/create). The suite
// checks the shapes field by field: user details (tools-call-elicitation), defaults for every
// primitive type (SEP-1034), and the five enum variants (SEP-1330).
import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';

type RequestedSchema = ElicitRequestFormParams['requestedSchema'];

const userDetails: RequestedSchema = {
  type: 'object',
  properties: {
    username: { type: 'string', description: "The user's name" },
    email: { type: 'string', description: "The user's email address" },
  },
  required: ['username', 'email'],
};

const withDefaults: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'User name', default: 'John Doe' },
    age: { type: 'integer', description: 'User age', default: 30 },
    score: { type: 'number', description: 'User score', default: 95.5 },
    status: {
      type: 'string',
      description: 'User status',
      enum: ['active', 'inactive', 'pending'],
      default: 'active',
    },
    verified: { type: 'boolean', description: 'Verification status', default: true },
  },
  required: [],
};

const choices = (values: string[], titles: string[]) =>
  values.map((value, index) => ({ const: value, title: titles[index] ?? value }));

const enumVariants: RequestedSchema = {
  type: 'object',
  properties: {
    untitledSingle: { type: 'string', description: 'Pick one', enum: ['option1', 'option2', 'option3'] },
    titledSingle: {
      type: 'string',
      description: 'Pick one (titled)',
      oneOf: choices(['value1', 'value2', 'value3'], ['First Option', 'Second Option', 'Third Option']),
    },
    legacyEnum: {
      type: 'string',
      description: 'Pick one (legacy enumNames)',
      enum: ['opt1', 'opt2', 'opt3'],
      enumNames: ['Option One', 'Option Two', 'Option Three'],
    },
    untitledMulti: {
      type: 'array',
      description: 'Pick several',
      minItems: 1,
      maxItems: 3,
      items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    },
    titledMulti: {
      type: 'array',
      description: 'Pick several (titled)',
      minItems: 1,
      maxItems: 3,
      items: {
        anyOf: choices(['value1', 'value2', 'value3'], ['First Choice', 'Second Choice', 'Third Choice']),
      },
    },
  },
  required: [],
};

export const ELICITATION_SCHEMAS = { userDetails, withDefaults, enumVariants } as const;
