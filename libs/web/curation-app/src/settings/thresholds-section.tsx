// The category thresholds and what a prune does afterwards. Each field says what it changes; the
// API checks the ranges and names a field it refuses.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRelative, problemMessage, ErrorText } from '@platform/web-ui';
import { type FormEvent, useState } from 'react';
import { api, call } from '../api/client';
import type { ResponseOf } from '../api/types';

type Settings = ResponseOf<'/api/v1/settings', 'get'>;
type NumberSetting = {
  [K in keyof Settings]: Settings[K] extends number ? K : never;
}[keyof Settings];
type SwitchSetting = {
  [K in keyof Settings]: Settings[K] extends boolean ? K : never;
}[keyof Settings];

const NUMBERS: Readonly<Record<NumberSetting, readonly [label: string, unit: string, step: number]>> = {
  neverWatchedDays: ['Never watched: added at least', 'days ago', 1],
  staleDays: ['Stale: last played more than', 'days ago', 1],
  abandonedDays: ['Abandoned series: not played for', 'days', 1],
  requestedNotWatchedDays: ['Requested, not watched: requested more than', 'days ago', 1],
  spaceHogMovieGib: ['Space hog: a movie copy over', 'GiB', 0.5],
  spaceHog4kMovieGib: ['Space hog: a 4K movie copy over', 'GiB', 0.5],
  spaceHogEpisodeGib: ['Space hog: a series averaging over', 'GiB per episode', 0.1],
  lowResolutionCutoffYear: ['Low resolution: released in or after', '', 1],
  pre2017CutoffYear: ['Old items: released before', '(the "Age" filter)', 1],
};

const SWITCHES: Readonly<Record<SwitchSetting, string>> = {
  pruneResetsOverseerr: 'After a prune, reset the item in Overseerr so it can be requested again',
  pruneRefreshesPlex: 'After a prune, ask Plex to refresh the library so the item disappears sooner',
};

export function ThresholdsSection() {
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => call(api.GET('/api/v1/settings', { signal })),
  });
  const [draft, setDraft] = useState<Partial<Record<keyof Settings, string | boolean>>>({});
  const save = useMutation({
    mutationFn: (body: Record<string, number | boolean>) => call(api.PUT('/api/v1/settings', { body })),
    onSuccess: async (saved) => {
      setDraft({});
      client.setQueryData(['settings'], saved);
      await client.invalidateQueries({ queryKey: ['categories'] });
      await client.invalidateQueries({ queryKey: ['catalog'] });
    },
  });
  const current = settings.data;
  if (current === undefined) {
    return settings.isError ? <p className="error">{problemMessage(settings.error)}</p> : <p>Loading…</p>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, number | boolean> = {};
    for (const [name, value] of Object.entries(draft))
      body[name] = typeof value === 'boolean' ? value : Number(value);
    save.mutate(body);
  };
  return (
    <section aria-labelledby="thresholds-heading">
      <h2 id="thresholds-heading">Categories and pruning</h2>
      <form className="settings-form" onSubmit={submit}>
        {(Object.keys(NUMBERS) as NumberSetting[]).map((name) => {
          const [label, unit, step] = NUMBERS[name];
          return (
            <label key={name} className="field setting">
              <span>{label}</span>
              <span className="with-unit">
                <input
                  type="number"
                  step={step}
                  required
                  value={String(draft[name] ?? current[name])}
                  onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
                />
                {unit === '' ? null : <span className="muted">{unit}</span>}
              </span>
            </label>
          );
        })}
        {(Object.keys(SWITCHES) as SwitchSetting[]).map((name) => (
          <label key={name} className="field check">
            <input
              type="checkbox"
              checked={Boolean(draft[name] ?? current[name])}
              onChange={(event) => setDraft({ ...draft, [name]: event.target.checked })}
            />
            <span>{SWITCHES[name]}</span>
          </label>
        ))}
        <div className="form-actions">
          <button
            type="submit"
            className="primary"
            disabled={Object.keys(draft).length === 0 || save.isPending}
          >
            Save
          </button>
          <span className="muted">
            Changed {formatRelative(current.updatedAt)}
            {current.updatedBy === null ? '' : ` by ${current.updatedBy}`}
          </span>
        </div>
        <ErrorText error={save.error} />
        {save.isSuccess ? <p role="status">Saved. The categories follow at once.</p> : null}
      </form>
    </section>
  );
}
