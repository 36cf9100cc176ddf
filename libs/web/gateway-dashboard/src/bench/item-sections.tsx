// The test bench's resource reader and prompt renderer: they list what the caller may read or
// render through the gateway's MCP endpoint, and read or render it through the REST test endpoints
// (`POST /api/test/resources/read`, `POST /api/test/prompts/get`), which take the same path as MCP
// (authorization, routing, audit) as the bench's caller. A backend's own log lines are resources of
// the built-in router (`logs://<serverId>/recent`): the Servers page opens them here.
import { useMutation, useQuery } from '@tanstack/react-query';
import { ErrorText, formatBytes, navigate } from '@platform/web-ui';
import { type FormEvent, useState } from 'react';
import { api, call } from '../api/client';
import { type ListedPrompt, listPrompts, listResources } from '../api/mcp';
import type { PromptRendering, ResourceReading, Server } from '../api/types';
import { PAGES } from '../shell/pages';

/** How many items the caller's list has, after a picker's label. */
export function CallerCount(props: {
  readonly pending: boolean;
  readonly count: number | undefined;
  readonly what: string;
}) {
  return <span className="muted">({props.pending ? 'loading…' : `${props.count ?? 0} ${props.what}`})</span>;
}

/** The bench's caller on a REST call: its AppKey, or (behind the SSO proxy) nothing but the proxy's headers. */
function callerHeaders(caller: string | null): Record<string, string> {
  return caller === null ? {} : { Authorization: `Bearer ${caller}` };
}

/** The URI another page handed over (a backend's log from the Servers page), filled in on arrival. */
let handedOver = '';

/** Opens the bench with this resource URI filled in. */
export function readOnBench(uri: string): void {
  handedOver = uri;
  navigate(PAGES.bench);
}

export function ResourceSection(props: { readonly caller: string | null }) {
  const resources = useQuery({
    queryKey: ['bench-resources', props.caller],
    queryFn: ({ signal }) => listResources(props.caller, signal),
  });
  const [uri, setUri] = useState(handedOver);
  const read = useMutation({
    mutationFn: (wanted: string) =>
      call(
        api.POST('/api/test/resources/read', { body: { uri: wanted }, headers: callerHeaders(props.caller) }),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    read.mutate(uri.trim());
  };
  return (
    <section aria-labelledby="resource-heading" className="panel">
      <h2 id="resource-heading">Read a resource</h2>
      <ErrorText error={resources.error} />
      <form className="inline-form" onSubmit={submit}>
        <label className="field grow">
          <span>
            Resource URI{' '}
            <CallerCount
              pending={resources.isPending}
              count={resources.data?.length}
              what="this caller may read"
            />
          </span>
          <input
            value={uri}
            required
            list="bench-resources"
            spellCheck={false}
            placeholder="mcp://server/…"
            onChange={(event) => setUri(event.target.value)}
          />
          <datalist id="bench-resources">
            {(resources.data ?? []).map((resource) => (
              <option key={resource.uri} value={resource.uri}>
                {resource.name}
              </option>
            ))}
          </datalist>
        </label>
        <button type="submit" disabled={read.isPending}>
          Read
        </button>
      </form>
      <ErrorText error={read.error} />
      {read.data === undefined ? null : <Reading reading={read.data} />}
    </section>
  );
}

function Reading(props: { readonly reading: ResourceReading }) {
  const items = props.reading.contents ?? [props.reading];
  return (
    <div className="result" role="status" data-testid="resource-result">
      {items.map((item, index) => (
        <div key={`${item.uri}-${index}`}>
          <p>
            <code>{item.uri}</code>{' '}
            <span className="muted">
              {item.mimeType ?? 'no MIME type'} · {formatBytes(item.size)}
            </span>
          </p>
          {item.encoding === 'utf-8' ? (
            // Long content scrolls in its box; focusable so the keyboard can scroll it too.
            <pre className="reading" tabIndex={0}>
              {item.content}
            </pre>
          ) : (
            <details>
              <summary>Binary content (base64)</summary>
              <pre className="reading" tabIndex={0}>
                {item.content}
              </pre>
            </details>
          )}
        </div>
      ))}
    </div>
  );
}

export function PromptSection(props: {
  readonly caller: string | null;
  readonly servers: readonly Server[];
}) {
  const prompts = useQuery({
    queryKey: ['bench-prompts', props.caller],
    queryFn: ({ signal }) => listPrompts(props.caller, signal),
  });
  const [chosen, setChosen] = useState('');
  const prompt = prompts.data?.find((candidate) => candidate.name === chosen);
  return (
    <section aria-labelledby="prompt-heading" className="panel">
      <h2 id="prompt-heading">Render a prompt</h2>
      <ErrorText error={prompts.error} />
      <label className="field">
        <span>
          Prompt{' '}
          <CallerCount
            pending={prompts.isPending}
            count={prompts.data?.length}
            what="this caller may render"
          />
        </span>
        <select value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Choose a prompt</option>
          {(prompts.data ?? []).map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.name}
            </option>
          ))}
        </select>
      </label>
      {prompt === undefined ? null : (
        <PromptRenderer key={prompt.name} prompt={prompt} caller={props.caller} servers={props.servers} />
      )}
    </section>
  );
}

/**
 * `<namespace>__<name>` as the test endpoint takes it: the server id (the namespace is its alias
 * when it has one) and the backend's own prompt name. Server ids and aliases never contain `__`.
 */
function splitPromptName(name: string, servers: readonly Server[]): { serverId: string; promptName: string } {
  const cut = name.indexOf('__');
  const namespace = name.slice(0, cut);
  const server = servers.find((candidate) => (candidate.alias ?? candidate.id) === namespace);
  return { serverId: server?.id ?? namespace, promptName: name.slice(cut + 2) };
}

function PromptRenderer(props: {
  readonly prompt: ListedPrompt;
  readonly caller: string | null;
  readonly servers: readonly Server[];
}) {
  const declared = props.prompt.arguments ?? [];
  const [values, setValues] = useState<Record<string, string>>({});
  const render = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/test/prompts/get', {
          body: {
            ...splitPromptName(props.prompt.name, props.servers),
            // Only what was filled in: an empty optional argument is left out, as a client would.
            arguments: Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')),
          },
          headers: callerHeaders(props.caller),
        }),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    render.mutate();
  };
  return (
    <form className="stack" onSubmit={submit} aria-label={`Arguments of ${props.prompt.name}`}>
      {props.prompt.description === undefined ? null : <p className="muted">{props.prompt.description}</p>}
      {declared.length === 0 ? <p className="muted">This prompt takes no arguments.</p> : null}
      {declared.map((argument, index) => (
        <div key={argument.name} className="field">
          <label htmlFor={`prompt-argument-${index}`}>
            {argument.name}
            {argument.required === true ? <span className="required"> *</span> : null}
          </label>
          <input
            id={`prompt-argument-${index}`}
            value={values[argument.name] ?? ''}
            required={argument.required === true}
            aria-required={argument.required === true}
            {...(argument.description === undefined
              ? {}
              : { 'aria-describedby': `prompt-argument-${index}-description` })}
            onChange={(event) => setValues({ ...values, [argument.name]: event.target.value })}
          />
          {argument.description === undefined ? null : (
            <span id={`prompt-argument-${index}-description`} className="field-description">
              {argument.description}
            </span>
          )}
        </div>
      ))}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={render.isPending}>
          Render
        </button>
      </div>
      <ErrorText error={render.error} />
      {render.data === undefined ? null : <Rendering rendering={render.data} />}
    </form>
  );
}

function Rendering(props: { readonly rendering: PromptRendering }) {
  return (
    <div className="result" role="status" data-testid="prompt-result">
      {props.rendering.description === undefined ? null : (
        <p className="muted">{props.rendering.description}</p>
      )}
      <ol className="layers">
        {props.rendering.messages.map((message, index) => (
          <li key={index} data-testid="prompt-message">
            <span className="badge">{message.role}</span>
            <pre>
              {typeof message.content === 'string'
                ? message.content
                : JSON.stringify(message.content, null, 2)}
            </pre>
          </li>
        ))}
      </ol>
    </div>
  );
}
