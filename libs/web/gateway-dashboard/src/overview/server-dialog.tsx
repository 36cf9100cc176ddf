// Add a server, or edit one the API owns. An edit sends the whole record back (PUT replaces it),
// so every setting the form does not show is carried over as the API listed it; a server whose
// header values are masked (credential-like) cannot be edited here, since the page never sees them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, ErrorText } from '@platform/web-ui';
import { type FormEvent, useEffect, useState } from 'react';
import { api, call } from '../api/client';
import type { Server, ServerInput } from '../api/types';
import { SERVERS_KEY } from './overview-page';

const TRANSPORTS = ['streamable', 'http', 'sse', 'stdio'] as const satisfies readonly ServerInput['type'][];

interface Draft {
  id: string;
  displayName: string;
  type: ServerInput['type'];
  url: string;
  categories: string;
  alias: string;
  requestTimeout: string;
}

function draftOf(server: Server | null): Draft {
  return {
    id: server?.id ?? '',
    displayName: server?.displayName ?? '',
    type: (server?.type as ServerInput['type'] | undefined) ?? 'streamable',
    url: server?.url ?? '',
    categories: server?.categories.join(', ') ?? '',
    alias: server?.alias ?? '',
    requestTimeout: String(server?.requestTimeout ?? 15),
  };
}

export function ServerDialog(props: {
  readonly server: Server | 'new' | null;
  readonly onClose: () => void;
}) {
  const client = useQueryClient();
  const existing = props.server === 'new' || props.server === null ? null : props.server;
  const [draft, setDraft] = useState<Draft>(draftOf(existing));
  useEffect(() => setDraft(draftOf(existing)), [existing]);
  const masked = existing !== null && Object.values(existing.headers).includes('***');
  const save = useMutation({
    mutationFn: () => {
      const body = inputOf(draft, existing);
      return existing === null
        ? call(api.POST('/api/servers', { body }))
        : call(api.PUT('/api/servers/{id}', { params: { path: { id: existing.id } }, body }));
    },
    onSuccess: props.onClose,
    onSettled: () => client.invalidateQueries({ queryKey: SERVERS_KEY }),
  });
  // A new dialog starts without the last one's error.
  const { reset } = save;
  useEffect(() => reset(), [props.server, reset]);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Dialog
      open={props.server !== null}
      title={existing === null ? 'Add a server' : `Edit ${existing.displayName}`}
      onClose={props.onClose}
    >
      {masked ? (
        <p className="error" role="alert">
          This server sends credential headers, which the API never shows; change it with PUT /api/servers/
          {existing?.id} so they are not lost.
        </p>
      ) : (
        <form className="stack" onSubmit={submit}>
          <label className="field">
            <span>Id (its namespace: tools appear as id__tool)</span>
            <input value={draft.id} required disabled={existing !== null} onChange={set('id')} />
          </label>
          <label className="field">
            <span>Display name</span>
            <input value={draft.displayName} onChange={set('displayName')} />
          </label>
          <label className="field">
            <span>Transport</span>
            <select value={draft.type} onChange={set('type')}>
              {TRANSPORTS.map((transport) => (
                <option key={transport} value={transport}>
                  {transport}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{draft.type === 'stdio' ? 'Command line' : 'URL'}</span>
            <input value={draft.url} required onChange={set('url')} />
          </label>
          <label className="field">
            <span>Categories (comma-separated)</span>
            <input value={draft.categories} onChange={set('categories')} />
          </label>
          <label className="field">
            <span>Alias (optional shorter namespace)</span>
            <input value={draft.alias} onChange={set('alias')} />
          </label>
          <label className="field">
            <span>Request timeout (seconds)</span>
            <input type="number" min={1} value={draft.requestTimeout} onChange={set('requestTimeout')} />
          </label>
          <ErrorText error={save.error} />
          <div className="form-actions">
            <button type="submit" className="primary" disabled={save.isPending}>
              {existing === null ? 'Add server' : 'Save'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** The body for POST or PUT; the API validates every field and names each problem. */
function inputOf(draft: Draft, existing: Server | null): ServerInput {
  const categories = draft.categories
    .split(',')
    .map((category) => category.trim())
    .filter(Boolean);
  return {
    ...(existing === null
      ? {
          enabled: true,
          hidden: false,
          secretProvider: 'None',
          authShape: 'bearer',
          allowPassThroughAuth: false,
        }
      : {
          enabled: existing.enabled,
          hidden: existing.hidden,
          secretProvider: existing.secretProvider,
          authShape: existing.authShape,
          allowPassThroughAuth: existing.allowPassThroughAuth,
          headersJson: JSON.stringify(existing.headers),
          ...(existing.secretPath === undefined ? {} : { secretPath: existing.secretPath }),
          ...(existing.secretField === undefined ? {} : { secretField: existing.secretField }),
          ...(existing.secretItemKey === undefined ? {} : { secretItemKey: existing.secretItemKey }),
          ...(existing.authParameter === undefined ? {} : { authParameter: existing.authParameter }),
        }),
    id: draft.id.trim(),
    ...(draft.displayName.trim() === '' ? {} : { displayName: draft.displayName.trim() }),
    type: draft.type,
    url: draft.url.trim(),
    category: JSON.stringify(categories),
    ...(draft.alias.trim() === '' ? {} : { alias: draft.alias.trim() }),
    requestTimeout: Number(draft.requestTimeout),
  };
}
