// For the curation web app's browser tests: the app built by Vite, the curation API serving it on a
// real port, and sign-in with Plex as a person does it; screenshots under tmp/screenshots/curation.
// Chromium, layout and accessibility checks come from the shared browser test support
// (libs/testing/browser).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildWithVite, screenshotFolder } from '@platform/testing-browser';
import type { LibraryUser } from '@platform/testing-media-stack';
import type { TestService } from '@platform/testing-service';
import type { Page } from 'playwright-core';

export { checkLayout, launchChromium, newContext } from '@platform/testing-browser';

/** The curation web app's production build (for WEB_APP_DIR). */
export function buildWebApp(): string {
  return buildWithVite('libs/web/curation-app/vite.config.mts');
}

export const screenshot = screenshotFolder('curation');

/** Opens the service's HTTP server on a loopback port; its origin. */
export async function listen(service: TestService): Promise<string> {
  const server = service.server as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Signs `user` in through the page's "Sign in with Plex", as a person does: the popup shows the
 * (simulated) plex.tv approval page, the user approves as themselves, and the page signs in. The
 * service must have CURATION_PLEX_APP_AUTH_URL set to the simulator's `appAuthUrl`.
 */
export async function signInWithPlex(page: Page, user: LibraryUser): Promise<void> {
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Plex' }).click();
  const popup = await opened;
  const name = user.username ?? user.title;
  await popup.getByRole('button', { name: new RegExp(`^Approve as ${escapeRegExp(name)} `) }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
