// The test bench: run a tool as an agent would, from a form generated from its input schema or as
// raw JSON, try Meta-Mode's `search_tools` with the ranked results and their scores, read a
// resource and render a prompt (item-sections.tsx). Calls go through the gateway's real MCP
// endpoints, so authorization, routing and audit are the real ones; a refusal shows the pipeline's
// explanation (the layer that refused and what to add).
import { useMutation, useQuery } from '@tanstack/react-query';
import { ErrorText } from '@platform/web-ui';
import { type FormEvent, useState } from 'react';
import { listTools, type ListedTool, type McpAnswer, mcpRequest, type SearchHit } from '../api/mcp';
import type { Me } from '../api/types';
import { setBenchKey, useBenchKey } from './bench-key';
import { type Draft, formSupports, initialForm, toArguments } from './json-schema';
import { useServers } from '../overview/overview-page';
import { CallerCount, PromptSection, ResourceSection } from './item-sections';
import { McpResult } from './mcp-result';
import { SchemaForm } from './schema-form';

export function BenchPage(props: { readonly me: Me }) {
  const key = useBenchKey();
  const viaSso = props.me.authenticatedBy === 'sso-header';
  const caller = key ?? (viaSso ? null : undefined);
  const [chosen, setChosen] = useState('');
  // For prompt names: which server an alias names.
  const servers = useServers();
  return (
    <main className="page">
      <h1>Test bench</h1>
      <CallerSection benchKey={key} viaSso={viaSso} />
      {caller === undefined ? (
        <p className="muted">
          The administrator key has no MCP rights: paste an AppKey above (or create one on the Keys page and
          choose &quot;Try it on the test bench&quot;) to call tools as that key.
        </p>
      ) : (
        <>
          <ToolSection caller={caller} chosen={chosen} onChoose={setChosen} />
          <SearchSection caller={caller} onChoose={setChosen} />
          <ResourceSection caller={caller} />
          <PromptSection caller={caller} servers={servers.data ?? []} />
        </>
      )}
    </main>
  );
}

function CallerSection(props: { readonly benchKey: string | null; readonly viaSso: boolean }) {
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== '') setBenchKey(draft.trim());
    setDraft('');
  };
  return (
    <section aria-labelledby="caller-heading" className="panel">
      <h2 id="caller-heading">Call as</h2>
      <p data-testid="bench-caller">
        {props.benchKey !== null
          ? `The AppKey ${props.benchKey.slice(0, 20)}… (held in this page only)`
          : props.viaSso
            ? 'Yourself, as the SSO proxy signs you in'
            : 'Nobody yet'}
        {props.benchKey !== null ? (
          <>
            {' '}
            <button type="button" className="link" onClick={() => setBenchKey(null)}>
              Forget it
            </button>
          </>
        ) : null}
      </p>
      <form className="inline-form" onSubmit={submit}>
        <label className="field grow">
          <span>AppKey</span>
          <input
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={draft}
            placeholder="mcp-…"
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <button type="submit">Use this key</button>
      </form>
    </section>
  );
}

function ToolSection(props: {
  readonly caller: string | null;
  readonly chosen: string;
  readonly onChoose: (name: string) => void;
}) {
  const tools = useQuery({
    queryKey: ['bench-tools', props.caller],
    queryFn: ({ signal }) => listTools(props.caller, signal),
  });
  const name = props.chosen.trim();
  const listed = tools.data?.find((candidate) => candidate.name === name);
  // A tool the caller's list leaves out can still be called, to see why it is refused.
  const tool: ListedTool | undefined =
    listed ?? (name === '' || !tools.isSuccess ? undefined : { name, inputSchema: { type: 'object' } });
  return (
    <section aria-labelledby="tool-heading" className="panel">
      <h2 id="tool-heading">Run a tool</h2>
      <ErrorText error={tools.error} />
      <label className="field">
        <span>
          Tool{' '}
          <CallerCount
            pending={tools.isPending}
            count={tools.data?.length}
            what="this caller may run; type any name to try another"
          />
        </span>
        <input
          value={props.chosen}
          list="bench-tools"
          spellCheck={false}
          placeholder="server__tool"
          onChange={(event) => props.onChoose(event.target.value)}
        />
        <datalist id="bench-tools">
          {(tools.data ?? []).map((candidate) => (
            <option key={candidate.name} value={candidate.name} />
          ))}
        </datalist>
      </label>
      {tool !== undefined && listed === undefined ? (
        <p className="muted">{name} is not in this caller&apos;s list: run it to see why it is refused.</p>
      ) : null}
      {tool === undefined ? null : (
        <ToolRunner key={tool.name} tool={tool} known={listed !== undefined} caller={props.caller} />
      )}
    </section>
  );
}

function ToolRunner(props: {
  readonly tool: ListedTool;
  readonly known: boolean;
  readonly caller: string | null;
}) {
  const { tool } = props;
  const formable = props.known && formSupports(tool.inputSchema);
  const [mode, setMode] = useState<'form' | 'json'>(formable ? 'form' : 'json');
  const [draft, setDraft] = useState<Draft>(() => initialForm(tool.inputSchema));
  const [raw, setRaw] = useState('{}');
  const [problems, setProblems] = useState<string[]>([]);
  const run = useMutation({
    mutationFn: (args: unknown) =>
      mcpRequest('/mcp', props.caller, 'tools/call', { name: tool.name, arguments: args }),
  });
  const showJson = () => {
    // Raw JSON starts from what the form holds.
    const converted = toArguments(tool.inputSchema, draft);
    if (converted.ok) setRaw(JSON.stringify(converted.value, null, 2));
    setMode('json');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'form') {
      const converted = toArguments(tool.inputSchema, draft);
      if (!converted.ok) return setProblems(converted.problems);
      setProblems([]);
      return run.mutate(converted.value);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      return setProblems([`arguments: not JSON (${error instanceof Error ? error.message : String(error)})`]);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return setProblems(['arguments: must be a JSON object']);
    setProblems([]);
    run.mutate(parsed);
  };
  return (
    <form className="stack" onSubmit={submit} aria-label={`Arguments of ${tool.name}`}>
      {tool.description === undefined ? null : <p className="muted">{tool.description}</p>}
      <div className="segmented" role="group" aria-label="Arguments as">
        <button
          type="button"
          aria-pressed={mode === 'form'}
          disabled={!formable}
          onClick={() => setMode('form')}
        >
          Form
        </button>
        <button type="button" aria-pressed={mode === 'json'} onClick={showJson}>
          Raw JSON
        </button>
      </div>
      {!formable && props.known ? (
        <p className="muted">This tool&apos;s schema needs more than the form offers: edit the JSON.</p>
      ) : null}
      {mode === 'form' ? (
        <SchemaForm schema={tool.inputSchema} value={draft} onChange={setDraft} />
      ) : (
        <label className="field">
          <span>Arguments (JSON object)</span>
          <textarea
            rows={8}
            spellCheck={false}
            value={raw}
            onChange={(event) => setRaw(event.target.value)}
          />
        </label>
      )}
      {problems.length === 0 ? null : (
        <ul className="error" role="alert" aria-label="Problems">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={run.isPending}>
          {run.isPending ? 'Running…' : 'Run'}
        </button>
      </div>
      <ErrorText error={run.error} />
      {run.data === undefined ? null : <McpResult answer={run.data} />}
    </form>
  );
}

const LIMITS = [5, 10, 15, 25] as const;

function SearchSection(props: { readonly caller: string | null; readonly onChoose: (name: string) => void }) {
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState<number>(10);
  const search = useMutation({
    mutationFn: (): Promise<McpAnswer> =>
      mcpRequest('/sse', props.caller, 'tools/call', {
        name: 'search_tools',
        arguments: { query: query.trim(), limit },
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search.mutate();
  };
  const answer = search.data;
  const content =
    answer?.ok === true
      ? ((
          answer.result as {
            structuredContent?: { results?: SearchHit[]; totalMatches?: number; message?: string };
          }
        ).structuredContent ?? {})
      : undefined;
  const hits = content?.results ?? [];
  const best = hits.reduce((top, hit) => Math.max(top, hit.score), 0);
  return (
    <section aria-labelledby="search-heading" className="panel">
      <h2 id="search-heading">Search tools (Meta-Mode)</h2>
      <form className="inline-form" onSubmit={submit}>
        <label className="field grow">
          <span>What the agent needs</span>
          <input
            value={query}
            required
            placeholder="echo a message back"
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        <label className="field">
          <span>Results</span>
          <select value={limit} onChange={(event) => setLimit(Number(event.target.value))}>
            {LIMITS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={search.isPending}>
          Search
        </button>
      </form>
      <ErrorText error={search.error} />
      {answer?.ok === false ? <McpResult answer={answer} /> : null}
      {content === undefined ? null : (
        <>
          <p role="status" className="muted">
            {hits.length === 0
              ? (content.message ?? 'Nothing found.')
              : `${hits.length} of ${content.totalMatches ?? hits.length} matching tools, best first`}
          </p>
          <ol className="search-hits">
            {hits.map((hit) => (
              <li key={hit.name} data-testid="search-hit">
                <div className="hit-heading">
                  <code>{hit.name}</code>
                  <span className="score" aria-label={`score ${hit.score}`}>
                    {hit.score.toFixed(3)}
                  </span>
                </div>
                <div className="score-bar" aria-hidden="true">
                  <span style={{ width: `${best > 0 ? Math.round((hit.score / best) * 100) : 0}%` }} />
                </div>
                {hit.description === undefined ? null : <p className="muted">{hit.description}</p>}
                <button type="button" className="small" onClick={() => props.onChoose(hit.name)}>
                  Try {hit.name}
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
