// Access policies (RBAC rows: a target, a group, allow or deny; a deny wins) and group mappings
// (what an identity source calls a group, as the gateway's own group). Targets are suggested from
// the gateway's servers and categories; AppKey callers hold the group McpClient.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorText, formatDate } from '@platform/web-ui';
import { type FormEvent, useState } from 'react';
import { api, call } from '../api/client';
import type { Server } from '../api/types';
import { useServers } from '../overview/overview-page';
import { ExplainSection } from './explain-section';

const POLICIES_KEY = ['policies'] as const;
const MAPPINGS_KEY = ['group-mappings'] as const;

export function AccessPage() {
  const servers = useServers();
  return (
    <main className="page">
      <h1>Access</h1>
      <p className="muted">
        Every MCP request passes the key&apos;s scopes and these policies; both must agree. To see why a call
        is refused, explain it below: each layer&apos;s verdict and the policy that decided.
      </p>
      <PoliciesSection servers={servers.data ?? []} />
      <GroupMappingsSection />
      <ExplainSection servers={servers.data ?? []} />
    </main>
  );
}

function PoliciesSection(props: { readonly servers: readonly Server[] }) {
  const client = useQueryClient();
  const policies = useQuery({
    queryKey: POLICIES_KEY,
    queryFn: ({ signal }) => call(api.GET('/api/policies', { signal })),
  });
  const [targetId, setTargetId] = useState('');
  const [requiredGroup, setRequiredGroup] = useState('McpClient');
  const [allowed, setAllowed] = useState<0 | 1>(1);
  const refresh = () => client.invalidateQueries({ queryKey: POLICIES_KEY });
  const add = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/policies', {
          body: { targetId: targetId.trim(), requiredGroup: requiredGroup.trim(), isAllowed: allowed },
        }),
      ),
    onSuccess: () => setTargetId(''),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(api.DELETE('/api/policies/{id}', { params: { path: { id } } })),
    onSettled: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const suggestions = [
    '*',
    ...props.servers.map((server) => `server:${server.id}`),
    ...[...new Set(props.servers.flatMap((server) => server.categories))].map(
      (category) => `category:${category}`,
    ),
  ];
  return (
    <section aria-labelledby="policies-heading">
      <h2 id="policies-heading">Policies</h2>
      <form className="inline-form" onSubmit={submit} aria-label="New policy">
        <label className="field grow">
          <span>Target</span>
          <input
            value={targetId}
            required
            list="policy-targets"
            placeholder="server:files, tool:files__read_file, category:dev or *"
            onChange={(event) => setTargetId(event.target.value)}
          />
          <datalist id="policy-targets">
            {suggestions.map((suggestion) => (
              <option key={suggestion} value={suggestion} />
            ))}
          </datalist>
        </label>
        <label className="field">
          <span>Group</span>
          <input value={requiredGroup} required onChange={(event) => setRequiredGroup(event.target.value)} />
        </label>
        <label className="field">
          <span>Effect</span>
          <select value={allowed} onChange={(event) => setAllowed(event.target.value === '1' ? 1 : 0)}>
            <option value={1}>Allow</option>
            <option value={0}>Deny</option>
          </select>
        </label>
        <button type="submit" className="primary" disabled={add.isPending}>
          Add policy
        </button>
      </form>
      <ErrorText error={add.error ?? remove.error ?? policies.error} />
      <div className="table-scroll">
        <table>
          <caption className="visually-hidden">Access policies</caption>
          <thead>
            <tr>
              <th scope="col">Target</th>
              <th scope="col">Group</th>
              <th scope="col">Effect</th>
              <th scope="col">Source</th>
              <th scope="col">Added</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(policies.data ?? []).map((policy) => (
              <tr key={policy.id} data-testid="policy-row">
                <td>
                  <code>{policy.targetId}</code>
                </td>
                <td>{policy.requiredGroup}</td>
                <td>
                  <span className={policy.isAllowed === 1 ? 'badge approved' : 'badge denied'}>
                    {policy.isAllowed === 1 ? 'allow' : 'deny'}
                  </span>
                </td>
                <td>{policy.identitySource ?? 'everyone'}</td>
                <td className="muted">
                  {formatDate(policy.createdAt)} by {policy.createdBy}
                </td>
                <td>
                  <button
                    type="button"
                    className="small"
                    aria-label={`Delete the policy ${policy.targetId} for ${policy.requiredGroup}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(policy.id)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {policies.data?.length === 0 ? (
        <p className="muted">No policies: every MCP request is refused (fail closed).</p>
      ) : null}
    </section>
  );
}

function GroupMappingsSection() {
  const client = useQueryClient();
  const mappings = useQuery({
    queryKey: MAPPINGS_KEY,
    queryFn: ({ signal }) => call(api.GET('/api/group-mappings', { signal })),
  });
  const [externalId, setExternalId] = useState('');
  const [internalGroup, setInternalGroup] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: MAPPINGS_KEY });
  const add = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/group-mappings', {
          body: { externalId: externalId.trim(), internalGroup: internalGroup.trim() },
        }),
      ),
    onSuccess: () => {
      setExternalId('');
      setInternalGroup('');
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(api.DELETE('/api/group-mappings/{id}', { params: { path: { id } } })),
    onSettled: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <section aria-labelledby="mappings-heading">
      <h2 id="mappings-heading">Group mappings</h2>
      <form className="inline-form" onSubmit={submit} aria-label="New group mapping">
        <label className="field grow">
          <span>External group, SID or user:&lt;name&gt;</span>
          <input value={externalId} required onChange={(event) => setExternalId(event.target.value)} />
        </label>
        <label className="field">
          <span>Gateway group</span>
          <input value={internalGroup} required onChange={(event) => setInternalGroup(event.target.value)} />
        </label>
        <button type="submit" disabled={add.isPending}>
          Add mapping
        </button>
      </form>
      <ErrorText error={add.error ?? remove.error ?? mappings.error} />
      {mappings.data?.length === 0 ? <p className="muted">No group mappings.</p> : null}
      <ul className="plain">
        {(mappings.data ?? []).map((mapping) => (
          <li key={mapping.id} className="key-row">
            <span>
              <code>{mapping.externalId}</code> → <strong>{mapping.internalGroup}</strong>{' '}
              <span className="muted">({mapping.identitySource ?? 'every source'})</span>
            </span>
            <button
              type="button"
              className="small"
              aria-label={`Delete the mapping ${mapping.externalId} to ${mapping.internalGroup}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(mapping.id)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
