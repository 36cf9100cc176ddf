// The scopes of a new key, picked from what the gateway has: everything, a server, a category,
// or one exact tool typed by name (`<serverId>__<tool>`); what is picked shows as removable chips.
import { type FormEvent, useState } from 'react';
import type { Server } from '../api/types';

export function ScopesPicker(props: {
  readonly servers: readonly Server[];
  readonly scopes: readonly string[];
  readonly onChange: (scopes: string[]) => void;
}) {
  const [tool, setTool] = useState('');
  const categories = [...new Set(props.servers.flatMap((server) => server.categories))].sort();
  const add = (scope: string) => {
    if (scope !== '' && !props.scopes.includes(scope)) props.onChange([...props.scopes, scope]);
  };
  const addTool = (event: FormEvent | { preventDefault: () => void }) => {
    event.preventDefault();
    const name = tool.trim();
    if (name === '') return;
    add(`tool:${name}`);
    setTool('');
  };
  return (
    <fieldset className="scopes">
      <legend>Scopes (what the key may reach; access policies decide too)</legend>
      <div className="inline-form">
        <button type="button" className="small" onClick={() => add('*')}>
          Everything (*)
        </button>
        <label className="field">
          <span>Server</span>
          <select value="" onChange={(event) => add(event.target.value)}>
            <option value="">Add a server…</option>
            {props.servers.map((server) => (
              <option key={server.id} value={`server:${server.id}`}>
                {server.displayName} ({server.id})
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Category</span>
          <select value="" onChange={(event) => add(event.target.value)} disabled={categories.length === 0}>
            <option value="">{categories.length === 0 ? 'No categories' : 'Add a category…'}</option>
            {categories.map((category) => (
              <option key={category} value={`category:${category}`}>
                {category}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>One tool</span>
          <input
            value={tool}
            placeholder="server__tool"
            onChange={(event) => setTool(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') addTool(event);
            }}
          />
        </label>
        <button type="button" className="small" onClick={addTool}>
          Add tool
        </button>
      </div>
      {props.scopes.length === 0 ? (
        <p className="muted">No scope yet: a key needs at least one.</p>
      ) : (
        <ul className="chips" aria-label="Chosen scopes">
          {props.scopes.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${scope}`}
                onClick={() => props.onChange(props.scopes.filter((other) => other !== scope))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
