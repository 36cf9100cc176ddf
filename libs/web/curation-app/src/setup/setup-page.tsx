// First-time setup for an Admin, as a checklist: bind your Plex server (picked from your plex.tv
// account, no token to paste), add Sonarr, Radarr and Overseerr (each tested before it is stored),
// then run the first sync and watch it. Each step shows as done once the API says so, so the page
// can be left and resumed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorText, navigate } from '@platform/web-ui';
import { useState } from 'react';
import { api, call } from '../api/client';
import type { ResponseOf } from '../api/types';
import { SESSION_KEY } from '../session/session';
import { ConnectionsSection } from '../settings/connections-section';

type PlexServer = ResponseOf<'/api/v1/mediaserver/servers', 'get'>[number];

export function SetupPage() {
  const status = useQuery({
    queryKey: ['mediaserver-status'],
    queryFn: ({ signal }) => call(api.GET('/api/v1/mediaserver/status', { signal })),
  });
  const connections = useQuery({
    queryKey: ['connections'],
    queryFn: ({ signal }) => call(api.GET('/api/v1/connections', { signal })),
    enabled: status.data?.bound === true,
  });
  const bound = status.data?.bound === true;
  const managers = (connections.data ?? []).filter(
    (entry) => entry.type === 'sonarr' || entry.type === 'radarr',
  );
  return (
    <main className="page setup">
      <h1>Set up</h1>
      <ol className="steps">
        <li className={bound ? 'done' : 'current'}>
          <h2>1. Your Plex server</h2>
          {bound ? (
            <p>
              Bound to <strong>{status.data?.name}</strong> at {status.data?.baseUrl}
              {status.data?.health.reachable === false
                ? ` (not reachable: ${status.data.health.error ?? ''})`
                : ''}
              .
            </p>
          ) : (
            <ServerPicker />
          )}
        </li>
        <li className={!bound ? 'later' : managers.length > 0 ? 'done' : 'current'}>
          <h2>2. Sonarr, Radarr and Overseerr</h2>
          {bound ? <ConnectionsSection /> : <p className="muted">After the server is bound.</p>}
        </li>
        <li className={bound && managers.length > 0 ? 'current' : 'later'}>
          <h2>3. First sync</h2>
          {bound && managers.length > 0 ? (
            <FirstSync />
          ) : (
            <p className="muted">After a Sonarr or Radarr is added.</p>
          )}
        </li>
      </ol>
    </main>
  );
}

function ServerPicker() {
  const client = useQueryClient();
  const servers = useQuery({
    queryKey: ['plex-servers'],
    queryFn: ({ signal }) => call(api.GET('/api/v1/mediaserver/servers', { signal })),
  });
  const [choice, setChoice] = useState<{ server: PlexServer; uri: string } | null>(null);
  const bind = useMutation({
    mutationFn: (picked: { server: PlexServer; uri: string }) =>
      call(
        api.POST('/api/v1/mediaserver/bind', {
          body: {
            machineIdentifier: picked.server.machineIdentifier,
            name: picked.server.name,
            baseUrl: picked.uri,
          },
        }),
      ),
    onSuccess: async () => {
      // Bound means set up as far as the rest of the app goes: stay on the checklist for the next steps.
      navigate('/setup');
      await client.invalidateQueries({ queryKey: ['mediaserver-status'] });
      await client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
  const owned = (servers.data ?? []).filter((server) => server.owned);
  if (servers.isPending) return <p role="status">Asking plex.tv for your servers…</p>;
  return (
    <>
      <ErrorText error={servers.error} />
      {servers.isSuccess && owned.length === 0 ? (
        <p>Your plex.tv account owns no server. Sign in as the account that owns it.</p>
      ) : null}
      <fieldset className="targets">
        <legend>Pick the server and the address this service reaches it at</legend>
        {owned.map((server) =>
          server.connections.map((connection) => (
            <label key={`${server.machineIdentifier}-${connection.uri}`} className="field check">
              <input
                type="radio"
                name="server"
                checked={
                  choice?.uri === connection.uri &&
                  choice.server.machineIdentifier === server.machineIdentifier
                }
                onChange={() => setChoice({ server, uri: connection.uri })}
              />
              <span>
                <strong>{server.name}</strong> at <span className="path">{connection.uri}</span>{' '}
                {connection.local ? <span className="badge">local</span> : null}
                {connection.relay ? <span className="badge warn">relay, slow</span> : null}
              </span>
            </label>
          )),
        )}
      </fieldset>
      <button
        type="button"
        className="primary"
        disabled={choice === null || bind.isPending}
        onClick={() => choice !== null && bind.mutate(choice)}
      >
        {bind.isPending ? 'Checking the server…' : 'Bind this server'}
      </button>
      <ErrorText error={bind.error} />
    </>
  );
}

function FirstSync() {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: ['sync-status'],
    queryFn: ({ signal }) => call(api.GET('/api/v1/sync/status', { signal })),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1000 : false),
  });
  const start = useMutation({
    mutationFn: () => call(api.POST('/api/v1/sync')),
    onSettled: () => client.invalidateQueries({ queryKey: ['sync-status'] }),
  });
  const state = status.data;
  const percent =
    state !== undefined && state.total > 0 ? Math.round((100 * state.processed) / state.total) : null;
  return (
    <>
      {state?.state === 'running' ? (
        <>
          <p role="status">
            Syncing: {state.phase ?? 'starting'}
            {percent === null ? '' : ` (${state.processed} of ${state.total})`}
          </p>
          <progress max={100} value={percent ?? undefined} aria-label="Sync progress" />
        </>
      ) : state?.state === 'succeeded' ? (
        <p role="status">
          Synced.{' '}
          <button type="button" className="primary" onClick={() => navigate('/')}>
            Start triage
          </button>
        </p>
      ) : (
        <>
          {state?.state === 'failed' ? (
            <ul className="plain error" role="alert">
              {state.errors.map((error) => (
                <li key={`${error.source}-${error.message}`}>
                  {error.source}: {error.message}
                </li>
              ))}
            </ul>
          ) : null}
          <button type="button" className="primary" disabled={start.isPending} onClick={() => start.mutate()}>
            {state?.state === 'failed' ? 'Try again' : 'Sync now'}
          </button>
        </>
      )}
      <ErrorText error={start.error} />
    </>
  );
}
