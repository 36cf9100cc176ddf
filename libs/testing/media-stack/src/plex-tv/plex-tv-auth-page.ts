// A stand-in for Plex's approval page (`https://app.plex.tv/auth#?clientID=…&code=…`), so that the
// demo and browser tests can finish a PIN sign-in without reaching plex.tv. Real plex.tv shows its
// own page, where the person signs in with their password and approves; this one lists the
// library's accounts instead, one "Approve as …" button each. As on app.plex.tv, the PIN's
// parameters are in the URL fragment, which never reaches the server: the inline script reads
// `location.hash` and posts the code to `POST /auth/approve`. The page loads nothing else.
import { randomBytes } from 'node:crypto';
// The XML escaping of text and attribute values is also HTML's (`&apos;` included).
import { escapeXmlAttribute as escapeHtml } from '../http/xml';
import type { LibraryUser, UserKind } from '../library/media-library.types';

/** The page's path on the simulator, as on app.plex.tv; the approve route sits under it. */
export const AUTH_PAGE_PATH = '/auth';
export const AUTH_APPROVE_PATH = '/auth/approve';

export interface AuthPage {
  readonly html: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** How the page names an account's relation to the server: what the curation API will make of it. */
export function accountRole(user: LibraryUser): string {
  switch (user.kind) {
    case 'owner':
      return 'owner';
    case 'home':
      return user.restricted ? 'managed home user' : 'home user';
    case 'shared':
      return user.hasServerAccess ? 'friend' : 'friend without access to this server';
  }
}

/** The name a person recognises: the plex.tv username, or the title of a managed user (none). */
export function accountName(user: LibraryUser): string {
  return user.username ?? user.title;
}

const KIND_ORDER: Readonly<Record<UserKind, number>> = { owner: 0, shared: 1, home: 2 };

export function renderAuthPage(users: readonly LibraryUser[]): AuthPage {
  const nonce = randomBytes(16).toString('base64');
  const accounts = [...users].sort(
    (left, right) =>
      KIND_ORDER[left.kind] - KIND_ORDER[right.kind] ||
      Number(right.hasServerAccess) - Number(left.hasServerAccess) ||
      Number(left.restricted) - Number(right.restricted),
  );
  const buttons = accounts
    .map(
      (user) =>
        `<li><button type="button" data-plex-id="${user.plexId}" disabled>Approve as ${escapeHtml(
          accountName(user),
        )} (${escapeHtml(accountRole(user))})</button></li>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to Plex (simulated)</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<h1>Sign in to Plex (simulated)</h1>
<p class="note">The plex.tv simulator of the demo and the tests: no password here, choose the account that approves.</p>
<p><span id="product">An application</span> asks to sign in with Plex. Code: <strong id="code">(none)</strong></p>
<ul>
${buttons}
</ul>
<p id="status" role="status"></p>
</main>
<script nonce="${nonce}">${SCRIPT}</script>
</body>
</html>
`;
  return {
    html,
    headers: {
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  };
}

const STYLE = `
body { font-family: system-ui, sans-serif; background: #1f1f1f; color: #eee; margin: 0; }
main { max-width: 32rem; margin: 3rem auto; padding: 0 1rem; }
h1 { color: #e5a00d; font-size: 1.5rem; }
.note { color: #aaa; font-size: 0.9rem; }
ul { list-style: none; padding: 0; }
li { margin: 0.4rem 0; }
button { width: 100%; padding: 0.6rem; font-size: 1rem; text-align: left; cursor: pointer; }
#code { font-family: monospace; font-size: 1.2rem; }
.failed { color: #ff7b72; }
.approved { color: #7ee787; }
`;

// Plain ES2017 in the page: no build step, nothing loaded from elsewhere. Usernames are already in
// the HTML (escaped on the server); what comes from the fragment is only ever set as textContent.
const SCRIPT = `
(function () {
  var parameters = new URLSearchParams(location.hash.replace(/^#\\??/, ''));
  var code = parameters.get('code') || '';
  var clientID = parameters.get('clientID') || '';
  var product = parameters.get('context[device][product]');
  var status = document.getElementById('status');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button[data-plex-id]'));
  function show(text, className) {
    status.textContent = text;
    status.className = className;
  }
  function enable(enabled) {
    buttons.forEach(function (button) { button.disabled = !enabled; });
  }
  if (product) document.getElementById('product').textContent = product;
  if (code === '' || clientID === '') {
    show('This link has no PIN: open the authUrl the application gave you, with its #?clientID=…&code=… part.', 'failed');
    return;
  }
  document.getElementById('code').textContent = code;
  enable(true);
  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      enable(false);
      show('Approving…', '');
      fetch('${AUTH_APPROVE_PATH}', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ code: code, clientID: clientID, plexId: Number(button.getAttribute('data-plex-id')) }),
      })
        .then(function (response) {
          return response.json().then(function (body) { return { status: response.status, body: body }; });
        })
        .then(function (answer) {
          if (answer.status === 200) {
            show('Approved: you can close this window. (' + (answer.body.alreadyApproved ? 'It was already approved as ' : 'Approved as ') + answer.body.approvedAs + '.)', 'approved');
            window.close();
            return;
          }
          var error = answer.body && answer.body.errors && answer.body.errors[0];
          show((error && error.message) || 'The simulator answered ' + answer.status + '.', 'failed');
          if (answer.status !== 404 && answer.status !== 410) enable(true);
        })
        .catch(function (error) {
          show('The simulator did not answer: ' + error.message, 'failed');
          enable(true);
        });
    });
  });
})();
`;
