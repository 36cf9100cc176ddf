// The access "explain" tool: pick a principal (an AppKey or client, or a person by name, source,
// groups and SIDs) and a target (a server, or one of its tools, prompts or resources), and see the
// gateway's own pipeline decide it layer by layer (`POST /api/access/explain`), with the policy
// row that decided and what the caller would be told.
import { useMutation } from '@tanstack/react-query';
import { ErrorText } from '@platform/web-ui';
import { type FormEvent, Fragment, useState } from 'react';
import { api, call } from '../api/client';
import type { AccessExplanation, ExplainQuestion, Server } from '../api/types';
import { useMachineKeys } from '../keys/machine-keys';

type Who = 'key' | 'person';
type Kind = '' | 'tool' | 'prompt' | 'resource';

const KIND_LABELS: Readonly<Record<Kind, string>> = {
  '': 'The server itself',
  tool: 'A tool',
  prompt: 'A prompt',
  resource: 'A resource',
};

const LAYER_LABELS: Readonly<Record<string, string>> = {
  authentication: 'Authentication',
  request: 'Request check',
  scope: 'AppKey scopes',
  groups: 'Groups and mappings',
  'admin-bypass': 'Administrator bypass',
  rbac: 'Access policies',
};

const VERDICT_BADGES: Readonly<Record<string, string>> = {
  pass: 'badge',
  allow: 'badge approved',
  deny: 'badge denied',
  error: 'badge denied',
  skip: 'badge',
  'not-reached': 'badge',
};

/** Comma- or newline-separated text as a list, blanks dropped. */
function listOf(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function ExplainSection(props: { readonly servers: readonly Server[] }) {
  const [who, setWho] = useState<Who>('key');
  const [keyId, setKeyId] = useState('');
  const [user, setUser] = useState('');
  const [source, setSource] = useState('');
  const [groups, setGroups] = useState('');
  const [sids, setSids] = useState('');
  const [serverId, setServerId] = useState('');
  const [kind, setKind] = useState<Kind>('tool');
  const [name, setName] = useState('');
  const keys = useMachineKeys();
  const explain = useMutation({
    mutationFn: (question: ExplainQuestion) => call(api.POST('/api/access/explain', { body: question })),
  });
  // A select shows its first option until one is picked; so does the question.
  const chosenServer = serverId === '' ? props.servers[0]?.id : serverId;
  const chosenKey = keyId === '' ? keys.data?.[0]?.id : keyId;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const principal: ExplainQuestion['principal'] =
      who === 'key'
        ? { keyId: chosenKey ?? '' }
        : {
            user: user.trim(),
            ...(source.trim() === '' ? {} : { identitySource: source.trim() }),
            groups: listOf(groups),
            sids: listOf(sids),
          };
    explain.mutate({
      principal,
      target: {
        serverId: chosenServer ?? '',
        ...(kind === '' ? {} : { kind, name: name.trim() }),
      },
    });
  };
  return (
    <section aria-labelledby="explain-heading" className="panel">
      <h2 id="explain-heading">Explain a decision</h2>
      <p className="muted">
        Runs the pipeline every MCP request passes, on the rules as they are now. Nothing is called.
      </p>
      <form className="stack" onSubmit={submit} aria-label="Explain a decision">
        <div className="segmented" role="group" aria-label="Who asks">
          <button type="button" aria-pressed={who === 'key'} onClick={() => setWho('key')}>
            An AppKey
          </button>
          <button type="button" aria-pressed={who === 'person'} onClick={() => setWho('person')}>
            A person
          </button>
        </div>
        {who === 'key' ? (
          <label className="field">
            <span>Key</span>
            <select value={chosenKey ?? ''} required onChange={(event) => setKeyId(event.target.value)}>
              {(keys.data ?? []).map((key) => (
                <option key={key.id} value={key.id}>
                  {key.name} ({key.keyPrefix}…, {key.scopes.join(' ')})
                </option>
              ))}
            </select>
          </label>
        ) : (
          <div className="inline-form">
            <label className="field">
              <span>User</span>
              <input value={user} required onChange={(event) => setUser(event.target.value)} />
            </label>
            <label className="field">
              <span>Identity source</span>
              <input value={source} placeholder="sso" onChange={(event) => setSource(event.target.value)} />
            </label>
            <label className="field grow">
              <span>Groups (comma-separated)</span>
              <input value={groups} onChange={(event) => setGroups(event.target.value)} />
            </label>
            <label className="field grow">
              <span>SIDs (comma-separated)</span>
              <input
                value={sids}
                placeholder="S-1-5-21-…"
                onChange={(event) => setSids(event.target.value)}
              />
            </label>
          </div>
        )}
        <div className="inline-form">
          <label className="field">
            <span>Server</span>
            <select value={chosenServer ?? ''} required onChange={(event) => setServerId(event.target.value)}>
              {props.servers.map((server) => (
                <option key={server.id} value={server.id}>
                  {server.id}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>What</span>
            <select value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
              {(Object.keys(KIND_LABELS) as Kind[]).map((value) => (
                <option key={value} value={value}>
                  {KIND_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          {kind === '' ? null : (
            <label className="field grow">
              <span>{kind === 'resource' ? 'Resource URI' : 'Name'}</span>
              <input
                value={name}
                required
                spellCheck={false}
                placeholder={kind === 'resource' ? 'file:///notes.txt' : 'as the backend names it'}
                onChange={(event) => setName(event.target.value)}
              />
            </label>
          )}
          <button type="submit" className="primary" disabled={explain.isPending}>
            Explain
          </button>
        </div>
      </form>
      <ErrorText error={explain.error ?? keys.error} />
      {explain.data === undefined ? null : <Explanation answer={explain.data} />}
    </section>
  );
}

function Explanation(props: { readonly answer: AccessExplanation }) {
  const { answer } = props;
  return (
    <div
      className={answer.allowed ? 'result' : 'result result-error'}
      role="status"
      data-testid="explain-result"
    >
      <p>
        <strong>{answer.allowed ? 'Allowed' : 'Denied'}</strong>: {answer.request.method}{' '}
        <code>{answer.request.target}</code> for {answer.principal.username}{' '}
        <span className="muted">({answer.principal.identitySource})</span>
      </p>
      {answer.message === undefined ? null : (
        <p>
          The caller is told: <q>{answer.message}</q>
          {answer.callerExplanation === undefined ? null : <> {answer.callerExplanation.hint}</>}
        </p>
      )}
      <ol className="layers">
        {answer.layers.map((layer) => (
          <li key={layer.layer} data-testid="explain-layer" data-layer={layer.layer}>
            <div className="hit-heading">
              <strong>{LAYER_LABELS[layer.layer] ?? layer.layer}</strong>
              <span className={VERDICT_BADGES[layer.verdict] ?? 'badge'}>{layer.verdict}</span>
            </div>
            <p className="muted">{layer.reason}</p>
            <LayerFacts layer={layer} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function LayerFacts(props: { readonly layer: AccessExplanation['layers'][number] }) {
  const { layer } = props;
  const facts: [string, string][] = [];
  if (layer.matchedScope !== undefined) facts.push(['Scope', layer.matchedScope]);
  if (layer.effectiveGroups !== undefined)
    facts.push(['Groups', layer.effectiveGroups.length === 0 ? 'none' : layer.effectiveGroups.join(', ')]);
  if (layer.allowGroups !== undefined && layer.allowGroups.length !== layer.effectiveGroups?.length)
    facts.push(['For allow rows', layer.allowGroups.join(', ') || 'none']);
  if (layer.targetKeys !== undefined) facts.push(['Targets checked', layer.targetKeys.join(', ')]);
  if (layer.policy !== undefined)
    facts.push([
      'Policy',
      `${layer.policy.isAllowed === 1 ? 'allow' : 'deny'} ${layer.policy.targetId} for ${layer.policy.requiredGroup}` +
        (layer.policy.identitySource === null ? '' : ` (${layer.policy.identitySource})`),
    ]);
  if (facts.length === 0) return null;
  return (
    <dl className="facts">
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
