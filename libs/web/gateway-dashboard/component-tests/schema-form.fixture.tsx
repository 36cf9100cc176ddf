// The JSON-Schema form on its own, over a schema with every kind of field it shows, and the
// arguments (or problems) its values convert to, for the component test in
// apps/mcp-gateway/src/web-app/schema-form.browser.spec.ts.
import '@platform/web-ui';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  type Draft,
  formSupports,
  initialForm,
  type JsonSchema,
  toArguments,
} from '../src/bench/json-schema';
import { SchemaForm } from '../src/bench/schema-form';

const SCHEMA: JsonSchema = {
  type: 'object',
  required: ['title', 'count', 'mode', 'owner'],
  properties: {
    title: { type: 'string', description: 'What to call it' },
    count: { type: 'integer', minimum: 1, maximum: 10 },
    ratio: { type: 'number', default: 0.5 },
    mode: { type: 'string', enum: ['fast', 'slow'] },
    verbose: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    sizes: { type: 'array', items: { type: 'integer' } },
    owner: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
    },
  },
};

/** Schemas the form must hand to raw JSON instead. */
const NOT_FORMS: Readonly<Record<string, JsonSchema>> = {
  'free-form object': { type: 'object', properties: { options: { type: 'object' } } },
  'array of objects': {
    type: 'object',
    properties: { rows: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } } },
  },
  'union type': { type: 'object', properties: { value: { type: ['string', 'number'] } } },
};

function Fixture() {
  const [draft, setDraft] = useState<Draft>(() => initialForm(SCHEMA));
  const [output, setOutput] = useState('');
  return (
    <main className="page">
      <h1>Schema form</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setOutput(JSON.stringify(toArguments(SCHEMA, draft)));
        }}
      >
        <SchemaForm schema={SCHEMA} value={draft} onChange={setDraft} />
        <button type="submit">Convert</button>
      </form>
      <output data-testid="converted">{output}</output>
      <ul data-testid="not-forms">
        {Object.entries(NOT_FORMS).map(([name, schema]) => (
          <li key={name}>
            {name}: {formSupports(schema) ? 'form' : 'raw JSON'}
          </li>
        ))}
      </ul>
    </main>
  );
}

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<Fixture />);
