// The catalog as pages loaded on demand: the first page at once, the next when the reader scrolls
// near the end, each page's offset the number of items already loaded.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { nextOffset } from '@platform/web-ui';
import { api, call } from '../api/client';
import type { Filters } from './filters';

const PAGE_SIZE = 200;

/** The catalog under these filters, page by page (also used to ask for it before the page renders). */
export function catalogQuery(filters: Filters) {
  return infiniteQueryOptions({
    queryKey: ['catalog', filters],
    queryFn: ({ pageParam, signal }) =>
      call(
        api.GET('/api/v1/catalog', {
          params: { query: { ...filters, limit: PAGE_SIZE, offset: pageParam } },
          signal,
        }),
      ),
    initialPageParam: 0,
    // Pages never change once loaded: comparing every loaded item with its copy on each new page
    // (TanStack's structural sharing) would cost time in proportion to the items scrolled past.
    structuralSharing: false,
    getNextPageParam: (_last, pages) => nextOffset(pages, (page) => page.items),
  });
}

export function useCatalog(filters: Filters) {
  const query = useInfiniteQuery(catalogQuery(filters));
  const pages = query.data?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { ...query, items, total };
}

export function categoriesQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: ['categories', userId ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/api/v1/categories', { params: { query: userId === undefined ? {} : { userId } }, signal }),
      ),
  });
}

export function useCategories(userId: string | undefined) {
  return useQuery(categoriesQuery(userId));
}
