// The curation triage app: served by the curation API at `/` (docs/decisions/049).
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ProblemError } from '@platform/web-ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { SESSION_KEY } from './session/session';
import { filtersFrom } from './triage/filters';
import { catalogQuery, categoriesQuery } from './triage/use-catalog';
import './styles.css';

const client: QueryClient = new QueryClient({
  // A session that ended (expired, signed out elsewhere, user removed) shows the sign-in page.
  queryCache: new QueryCache({
    onError: (error) => {
      if (error instanceof ProblemError && error.status === 401)
        void client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A refusal is an answer, not a hiccup: only failures of the network or the server are retried.
      retry: (failures, error) => failures < 2 && !(error instanceof ProblemError && error.status < 500),
    },
  },
});

// The triage view's data is asked for alongside the session rather than after it: one round trip
// less before the first page shows. (Signed out, these are refused and asked again after sign-in.)
if (window.location.pathname === '/') {
  const filters = filtersFrom(new URLSearchParams(window.location.search));
  void client.prefetchInfiniteQuery(catalogQuery(filters));
  void client.prefetchQuery(categoriesQuery(filters.userId));
}

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );
}
