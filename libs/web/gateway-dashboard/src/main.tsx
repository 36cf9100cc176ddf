// The gateway's administrator dashboard: served by the gateway at `/ui/` (docs/decisions/054).
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ProblemError } from '@platform/web-ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ME_KEY } from './session/session';
import './styles.css';

const client: QueryClient = new QueryClient({
  // A key that stopped working (revoked, rotated) or an SSO session that ended shows the sign-in page.
  queryCache: new QueryCache({
    onError: (error) => {
      if (error instanceof ProblemError && error.status === 401)
        void client.invalidateQueries({ queryKey: ME_KEY });
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A refusal is an answer, not a hiccup: only failures of the network or the server are retried.
      retry: (failures, error) => failures < 2 && !(error instanceof ProblemError && error.status < 500),
    },
  },
});

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
