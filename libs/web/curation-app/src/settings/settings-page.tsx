// Settings (Admins): thresholds, connections, users and roles, API keys.
import { Link } from '@platform/web-ui';
import type { SessionUser } from '../api/types';
import { ApiKeysSection } from './api-keys-section';
import { ConnectionsSection } from './connections-section';
import { ThresholdsSection } from './thresholds-section';
import { UsersSection } from './users-section';

export function SettingsPage(props: { readonly user: SessionUser }) {
  return (
    <main className="page settings">
      <h1>Settings</h1>
      <p>
        <Link href="/setup">Setup checklist</Link>: the server, connections and the first sync.
      </p>
      <ThresholdsSection />
      <ConnectionsSection />
      <UsersSection me={props.user.id} />
      <ApiKeysSection />
    </main>
  );
}
