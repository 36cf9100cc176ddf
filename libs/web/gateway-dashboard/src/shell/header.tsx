// The bar on every page: where to go, and who is signed in (the administrator key's prefix, or the
// SSO user) with a way out.
import { Link, useLocation } from '@platform/web-ui';
import type { Me } from '../api/types';
import { useSignOut } from '../session/session';
import { PAGES } from './pages';

const LINKS: readonly (readonly [string, string])[] = [
  [PAGES.overview, 'Servers'],
  [PAGES.keys, 'Keys'],
  [PAGES.access, 'Access'],
  [PAGES.bench, 'Test bench'],
  [PAGES.audit, 'Audit'],
];

export function Header(props: { readonly me: Me }) {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const viaKey = props.me.authenticatedBy === 'admin-key';
  return (
    <header className="app-header">
      <nav aria-label="Main">
        {LINKS.map(([href, label]) => (
          <Link key={href} href={href} aria-current={pathname === href ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      <div className="identity">
        <span>
          {props.me.username}{' '}
          <span className="muted">({viaKey ? 'administrator key' : props.me.identitySource})</span>
        </span>
        {viaKey ? (
          <button type="button" className="link" onClick={signOut}>
            Sign out
          </button>
        ) : null}
      </div>
    </header>
  );
}
