// The catalog as pages loaded on demand: the first page at once, the next when the reader scrolls
// near the end, each page's offset the number of items already loaded.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextOffset } from '@platform/web-ui';
import { api, call } from '../api/client';
import type { Filters } from './filters';

const PAGE_SIZE = 200;

export function useCatalog(filters: Filters) {
  const query = useInfiniteQuery({
    queryKey: ['catalog', filters],
    queryFn: ({ pageParam, signal }) =>
      call(
        api.GET('/api/v1/catalog', {
          params: { query: { ...filters, limit: PAGE_SIZE, offset: pageParam } },
          signal,
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages, (page) => page.items),
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { ...query, items, total };
}

export function useCategories(userId: string | undefined) {
  return useQuery({
    queryKey: ['categories', userId ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/api/v1/categories', { params: { query: userId === undefined ? {} : { userId } }, signal }),
      ),
  });
}
