// Who sees what: the sign-in page until an administrator is signed in (with the key or through the
// SSO proxy), then the pages, each a path under /ui/.
import { problemMessage, useLocation } from '@platform/web-ui';
import { AccessPage } from './access/access-page';
import { AuditPage } from './audit/audit-page';
import { BenchPage } from './bench/bench-page';
import { KeysPage } from './keys/keys-page';
import { OverviewPage } from './overview/overview-page';
import { useMe } from './session/session';
import { SignInPage } from './session/sign-in-page';
import { Header } from './shell/header';
import { PAGES } from './shell/pages';

export function App() {
  const me = useMe();
  const { pathname } = useLocation();
  if (me.isPending) return <p role="status">Loading…</p>;
  if (me.isError) {
    return (
      <main className="sign-in">
        <p className="error" role="alert">
          {problemMessage(me.error)}
        </p>
      </main>
    );
  }
  if (me.data === null) return <SignInPage />;
  if (!me.data.isAdministrator) return <SignInPage notAdministrator={me.data} />;
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Header me={me.data} />
      <div id="content">
        {pathname === PAGES.keys ? (
          <KeysPage me={me.data} />
        ) : pathname === PAGES.access ? (
          <AccessPage />
        ) : pathname === PAGES.bench ? (
          <BenchPage me={me.data} />
        ) : pathname === PAGES.audit ? (
          <AuditPage />
        ) : (
          <OverviewPage />
        )}
      </div>
    </>
  );
}
