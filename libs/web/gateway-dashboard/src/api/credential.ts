// The administrator key the reader signed in with, kept for this tab's life only: in memory and in
// sessionStorage (a reload keeps it; closing the tab forgets it), never in localStorage or a cookie
// (docs/decisions/054). Behind the SSO proxy there is no key: the proxy's headers arrive with every
// request.
const STORAGE_KEY = 'gateway-dashboard.admin-key';

let current: string | null = readStored();

function readStored(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function adminKey(): string | null {
  return current;
}

export function setAdminKey(key: string | null): void {
  current = key;
  try {
    if (key === null) window.sessionStorage.removeItem(STORAGE_KEY);
    else window.sessionStorage.setItem(STORAGE_KEY, key);
  } catch {
    // Storage refused (private mode): the key lives in memory until the page is left.
  }
}

/** The Authorization header for the signed-in administrator key, if any. */
export function credentialHeaders(): Record<string, string> {
  return current === null ? {} : { Authorization: `Bearer ${current}` };
}
