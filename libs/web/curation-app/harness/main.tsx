// Mounts one component of the app on its own for the component tests (components.browser.spec.ts),
// chosen by the page's hash; whatever it asks the API for, the test answers in the browser.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { VirtualRows } from '@platform/web-ui';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { CatalogDetails } from '../src/api/types';
import { PruneDialog } from '../src/items/prune-dialog';
import '../src/styles.css';

function RowsHarness() {
  const [loaded, setLoaded] = useState(200);
  const [asked, setAsked] = useState(0);
  return (
    <main>
      <p role="status">
        loaded {loaded}, asked {asked}
      </p>
      <VirtualRows
        role="list"
        rowRole="listitem"
        count={loaded}
        rowHeight={40}
        onNearEnd={() => {
          setAsked((count) => count + 1);
          setLoaded((count) => Math.min(100_000, count + 200));
        }}
        renderRow={(index) => <span>Row {index + 1}</span>}
      />
    </main>
  );
}

function PruneHarness() {
  const item = JSON.parse(
    decodeURIComponent(window.location.hash.split('item=')[1] ?? '{}'),
  ) as CatalogDetails;
  const seasonNumber = new URLSearchParams(window.location.search).get('season');
  const [open, setOpen] = useState(true);
  return open ? (
    <PruneDialog
      scope={{ item, seasonNumber: seasonNumber === null ? null : Number(seasonNumber) }}
      onClose={() => setOpen(false)}
    />
  ) : (
    <p role="status">closed</p>
  );
}

const component = window.location.hash.slice(1).split('&')[0];
const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {component === 'rows' ? <RowsHarness /> : component === 'prune' ? <PruneHarness /> : <p>unknown</p>}
      </QueryClientProvider>
    </StrictMode>,
  );
}
