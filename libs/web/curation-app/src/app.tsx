// Who sees what: the sign-in page until there is a session; a note while no server is bound;
// then the pages, with Admin controls only for Admins.
import { problemMessage, useLocation } from '@platform/web-ui';
import { AuditPage } from './audit/audit-page';
import { RequestsPage } from './protection/requests-page';
import { isAdmin, useSession } from './session/session';
import { SignInPage } from './session/sign-in-page';
import { SettingsPage } from './settings/settings-page';
import { SetupPage } from './setup/setup-page';
import { Header } from './shell/header';
import { TriagePage } from './triage/triage-page';

export function App() {
  const session = useSession();
  const { pathname } = useLocation();
  if (session.isPending) return <p role="status">Loading…</p>;
  if (session.isError) {
    return (
      <main className="sign-in">
        <p className="error" role="alert">
          {problemMessage(session.error)}
        </p>
      </main>
    );
  }
  const state = session.data;
  if (!state.authenticated || state.user === null) return <SignInPage />;
  const admin = isAdmin(state);
  if (!state.initialized && !admin) {
    return (
      <main className="sign-in">
        <h1>Not set up yet</h1>
        <p>The server's owner has not set this up yet. Come back once they have.</p>
      </main>
    );
  }
  // An Admin sets up until a server is bound, and may come back to the checklist at /setup.
  const setup = admin && (!state.initialized || pathname === '/setup');
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Header user={state.user} admin={admin} />
      <div id="content">
        {setup ? (
          <SetupPage />
        ) : pathname === '/requests' ? (
          <RequestsPage admin={admin} />
        ) : admin && pathname === '/audit' ? (
          <AuditPage />
        ) : admin && pathname === '/settings' ? (
          <SettingsPage user={state.user} />
        ) : (
          <TriagePage user={state.user} admin={admin} />
        )}
      </div>
    </>
  );
}
