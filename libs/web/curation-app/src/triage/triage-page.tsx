// The triage view: pick a category, narrow it down, and act on what it holds. Everything the view
// shows is in the address bar (filters, the open item), so it survives reloads and can be shared.
import { useQuery } from '@tanstack/react-query';
import { navigate, useLocation, useStoredChoice, ErrorText } from '@platform/web-ui';
import { useCallback, useMemo, useState } from 'react';
import { api, call } from '../api/client';
import type { SessionUser } from '../api/types';
import { ItemDetails } from '../items/item-details';
import { BatchBar } from './batch-bar';
import { CategoryPicker } from './category-picker';
import { FilterBar, type ViewMode } from './filter-bar';
import { type Filters, filtersFrom, searchOf } from './filters';
import { ItemGrid } from './item-grid';
import { ItemTable } from './item-table';
import { useCatalog, useCategories } from './use-catalog';

export function TriagePage(props: { readonly user: SessionUser; readonly admin: boolean }) {
  const location = useLocation();
  const filters = useMemo(() => filtersFrom(location.search), [location.search]);
  const openItem = location.search.get('item');
  const [view, setView] = useStoredChoice<ViewMode>('curation.triage.view', ['table', 'grid'], 'table');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const users = useQuery({
    queryKey: ['users'],
    queryFn: ({ signal }) => call(api.GET('/api/v1/auth/users', { signal })),
    enabled: props.admin,
  });
  const userChoices = props.admin
    ? (users.data ?? []).map((user) => ({ id: user.id, username: user.username }))
    : [{ id: props.user.id, username: `${props.user.username} (me)` }];

  const categories = useCategories(filters.userId);
  const catalog = useCatalog(filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = catalog;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const show = useCallback((next: Filters) => navigate(`/${searchOf(next)}`, { replace: true }), []);
  const itemHref = (id: string) =>
    `/${searchOf(filters)}${searchOf(filters) === '' ? '?' : '&'}item=${encodeURIComponent(id)}`;
  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const selectedItems = catalog.items.filter((item) => selected.has(item.id));

  return (
    <main className="page triage">
      <CategoryPicker
        categories={categories.data}
        selected={filters.category}
        onSelect={(category) => show({ ...filters, category })}
      />
      <FilterBar filters={filters} onChange={show} users={userChoices} view={view} onView={setView} />
      <p className="result-count" role="status">
        {catalog.isPending ? 'Loading…' : `${catalog.total.toLocaleString()} items`}
      </p>
      <ErrorText error={catalog.error} />
      {view === 'table' ? (
        <ItemTable
          items={catalog.items}
          total={catalog.total}
          selected={selected}
          onToggle={toggle}
          onNearEnd={loadMore}
          itemHref={itemHref}
        />
      ) : (
        <ItemGrid
          items={catalog.items}
          selected={selected}
          onToggle={toggle}
          onNearEnd={loadMore}
          itemHref={itemHref}
        />
      )}
      {isFetchingNextPage ? <p className="muted">Loading more…</p> : null}
      <BatchBar selected={selectedItems} admin={props.admin} onClear={() => setSelected(new Set())} />
      {openItem === null ? null : (
        <ItemDetails id={openItem} admin={props.admin} onClose={() => navigate(`/${searchOf(filters)}`)} />
      )}
    </main>
  );
}
