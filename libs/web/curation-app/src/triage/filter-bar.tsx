// Filters, sort and the table/grid switch. Each control changes the address bar; the catalog
// follows. Search waits for a pause in typing, so each keystroke does not cost a query.
import { useEffect, useState } from 'react';
import { type Filters, MEDIA_TYPES, PRE2017_FILTERS, RESOLUTIONS, SORTS } from './filters';

export type ViewMode = 'table' | 'grid';

export function FilterBar(props: {
  readonly filters: Filters;
  readonly onChange: (next: Filters) => void;
  readonly users: readonly { id: string; username: string }[];
  readonly view: ViewMode;
  readonly onView: (view: ViewMode) => void;
}) {
  const { filters, onChange } = props;
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  // The API's default: the largest first without a sort; ascending once a sort is chosen.
  const descending = filters.sortDesc ?? filters.sortBy === undefined;
  const [search, setSearch] = useState(filters.search ?? '');
  useEffect(() => setSearch(filters.search ?? ''), [filters.search]);
  useEffect(() => {
    if (search === (filters.search ?? '')) return;
    const timer = setTimeout(() => onChange({ ...filters, search: search === '' ? undefined : search }), 300);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  return (
    <form className="filter-bar" role="search" onSubmit={(event) => event.preventDefault()}>
      <label className="field grow">
        <span>Search</span>
        <input
          type="search"
          value={search}
          placeholder="Title"
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <Select
        label="Watched by"
        value={filters.userId}
        options={[['', 'Everyone'], ...props.users.map((user) => [user.id, user.username] as const)]}
        onChange={(userId) => set({ userId })}
      />
      <Select
        label="Requested by"
        value={filters.requestedBy}
        options={[['', 'Anyone'], ...props.users.map((user) => [user.id, user.username] as const)]}
        onChange={(requestedBy) => set({ requestedBy })}
      />
      <Select
        label="Type"
        value={filters.mediaType}
        options={[['', 'All'], ...MEDIA_TYPES]}
        onChange={(mediaType) => set({ mediaType: mediaType as Filters['mediaType'] })}
      />
      <Select
        label="Resolution"
        value={filters.resolution}
        options={[['', 'Any'], ...RESOLUTIONS.map((value) => [value, value] as const)]}
        onChange={(resolution) => set({ resolution: resolution as Filters['resolution'] })}
      />
      <Select
        label="Age"
        value={filters.pre2017Filter}
        options={PRE2017_FILTERS}
        onChange={(pre2017Filter) => set({ pre2017Filter: pre2017Filter as Filters['pre2017Filter'] })}
      />
      <label className="field check">
        <input
          type="checkbox"
          checked={filters.cutoffUnmet === true}
          onChange={(event) => set({ cutoffUnmet: event.target.checked ? true : undefined })}
        />
        <span>Below cutoff</span>
      </label>
      <Select
        label="Sort"
        value={filters.sortBy ?? 'size'}
        options={SORTS}
        onChange={(sortBy) => set({ sortBy: sortBy as Filters['sortBy'], sortDesc: descending })}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={descending ? 'Descending; switch to ascending' : 'Ascending; switch to descending'}
        onClick={() => set({ sortBy: filters.sortBy ?? 'size', sortDesc: !descending })}
      >
        {descending ? '↓' : '↑'}
      </button>
      <div className="segmented" role="group" aria-label="View">
        {(['table', 'grid'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={props.view === mode}
            onClick={() => props.onView(mode)}
          >
            {mode === 'table' ? 'Table' : 'Grid'}
          </button>
        ))}
      </div>
    </form>
  );
}

function Select(props: {
  readonly label: string;
  readonly value: string | undefined;
  readonly options: readonly (readonly [string, string])[];
  readonly onChange: (value: string | undefined) => void;
}) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <select
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value === '' ? undefined : event.target.value)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
