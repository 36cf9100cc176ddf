// Sign in with Plex as Plex's own web apps do: the API creates a PIN, a popup shows plex.tv's
// approval page for it, and the app polls the API until plex.tv says the PIN was approved; the API
// then sets the session cookie. The popup opens on the click itself, so browsers do not block it.
import { ProblemError } from '@platform/web-ui';
import { api, call } from '../api/client';

const POLL_MS = 1500;

export interface PinProgress {
  /** Shown when the popup could not open: where to approve by hand. */
  readonly authUrl: string;
  readonly code: string;
}

export async function signInWithPlex(onPin: (pin: PinProgress) => void, signal: AbortSignal): Promise<void> {
  const popup = window.open('', 'plex-sign-in', 'popup,width=600,height=720');
  try {
    const pin = await call(api.POST('/api/v1/auth/plex/pin'));
    onPin({ authUrl: pin.authUrl, code: pin.code });
    if (popup !== null) popup.location.href = pin.authUrl;
    for (;;) {
      await delay(POLL_MS, signal);
      const { response, error } = await api.POST('/api/v1/auth/plex/pin/{id}', {
        params: { path: { id: pin.id } },
      });
      if (response.status === 200) return;
      if (response.status !== 202) throw ProblemError.from(response.status, error);
    }
  } finally {
    popup?.close();
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Sign-in cancelled', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Sign-in cancelled', 'AbortError'));
      },
      { once: true },
    );
  });
}
