// Key quotas (`/api/settings`: GlobalMaxKeys and UserMaxKeys, 0 = unlimited) beside how many active
// keys count against them now. A user's key past a quota is refused at creation (400);
// administrators are not held to them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorText, formatDate } from '@platform/web-ui';
import { type FormEvent, useState } from 'react';
import { api, call } from '../api/client';
import type { KeyLimits } from '../api/types';
import { KEYS_KEY } from './machine-keys';

const SETTINGS_KEY = ['settings'] as const;

export function QuotaSection(props: { readonly limits: KeyLimits | undefined }) {
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => call(api.GET('/api/settings', { signal })),
  });
  // Text until saved, so a half-typed number is never sent; undefined: as stored.
  const [globalDraft, setGlobalDraft] = useState<string | undefined>(undefined);
  const [userDraft, setUserDraft] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: (change: { globalMaxKeys: number; userMaxKeys: number }) =>
      call(api.PATCH('/api/settings', { body: change })),
    onSuccess: (saved) => {
      client.setQueryData(SETTINGS_KEY, saved);
      setGlobalDraft(undefined);
      setUserDraft(undefined);
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEYS_KEY }),
  });
  const stored = settings.data;
  const globalText = globalDraft ?? String(stored?.globalMaxKeys ?? '');
  const userText = userDraft ?? String(stored?.userMaxKeys ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ globalMaxKeys: Number(globalText), userMaxKeys: Number(userText) });
  };
  const { limits } = props;
  return (
    <section aria-labelledby="quota-heading" className="panel">
      <h2 id="quota-heading">Quotas</h2>
      <p className="muted" data-testid="quota-usage">
        {limits === undefined
          ? 'Counting active keys…'
          : `${limits.globalCount} active keys in total${limits.globalMaxKeys > 0 ? ` of ${limits.globalMaxKeys} allowed` : ''}; per user ${limits.userMaxKeys > 0 ? `at most ${limits.userMaxKeys}` : 'unlimited'}.`}{' '}
        0 means unlimited; administrators are not held to quotas.
      </p>
      <form className="inline-form" onSubmit={submit} aria-label="Key quotas">
        <QuotaInput label="Keys in total" value={globalText} onChange={setGlobalDraft} />
        <QuotaInput label="Keys per user" value={userText} onChange={setUserDraft} />
        <button type="submit" disabled={save.isPending || stored === undefined}>
          Save quotas
        </button>
      </form>
      <ErrorText error={save.error ?? settings.error} />
      {stored === undefined ? null : (
        <p className="muted">
          Last changed {formatDate(stored.updatedAt)} by {stored.updatedBy}
        </p>
      )}
    </section>
  );
}

function QuotaInput(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (text: string) => void;
}) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        type="number"
        min={0}
        max={1_000_000}
        step={1}
        required
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}
