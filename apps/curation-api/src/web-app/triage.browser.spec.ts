// The triage app as people use it, in a real browser (Chromium) against the real API and the
// simulated media stack: the owner signs in with Plex and triages; a prune of one copy of an item
// held twice deletes on that instance only; a friend asks for protection, the owner approves it,
// the friend sees it; the grid shows Plex posters through the API; every page fits a phone and a
// desktop and passes an accessibility scan.
import { rmSync } from 'node:fs';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type SyncedCuration, startSyncedCuration } from '../sync/synced-curation.spec-helpers';
import {
  buildWebApp,
  checkLayout,
  escapeRegExp,
  launchChromium,
  listen,
  newContext,
  screenshot,
  signInWithPlex,
} from './browser.spec-helpers';

const ADMIN_KEY = 'browser-admin-key-0123456789abcdef';

describe('the curation web app in a browser', () => {
  let webDir: string;
  let curation: SyncedCuration;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    webDir = buildWebApp();
    curation = await startSyncedCuration({
      seed: 'browser',
      items: 600,
      adminKey: ADMIN_KEY,
      environment: { WEB_APP_DIR: webDir },
    });
    origin = await listen(curation.service);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await curation?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const admin = () => ({ 'X-Api-Key': ADMIN_KEY });

  async function ownerPage(width = 1440): Promise<Page> {
    const context = await newContext(browser, { width });
    const page = await context.newPage();
    await page.goto(origin);
    await signInWithPlex(page, curation.owner);
    return page;
  }

  it('signs the owner in with Plex and shows the categories and the catalog the API serves', async () => {
    const page = await ownerPage();
    const categories = (
      await request(curation.service.server).get('/api/v1/categories').set(admin()).expect(200)
    ).body as { name: string; count: number }[];
    for (const category of categories) {
      await page
        .getByRole('radio', {
          name: new RegExp(
            `^${escapeRegExp(category.name)}: ${category.count.toLocaleString('en-US')} items,`,
          ),
        })
        .waitFor();
    }
    const catalog = (
      await request(curation.service.server).get('/api/v1/catalog?limit=1').set(admin()).expect(200)
    ).body as { total: number; items: { title: string }[] };
    await page
      .getByRole('status')
      .filter({ hasText: `${catalog.total.toLocaleString('en-US')} items` })
      .waitFor();
    await page.getByRole('row').nth(1).getByRole('link', { name: catalog.items[0]?.title }).waitFor();
    await screenshot(page, 'triage-desktop-light');
    await page.context().close();
  });

  it('filters by type and category through the address bar, and scrolls past the first page', async () => {
    const page = await ownerPage();
    await page.getByLabel('Type').selectOption('series');
    await page.waitForURL(/mediaType=series/);
    const series = (
      await request(curation.service.server)
        .get('/api/v1/catalog?mediaType=series&limit=1')
        .set(admin())
        .expect(200)
    ).body as { total: number };
    await page
      .getByRole('status')
      .filter({ hasText: `${series.total.toLocaleString('en-US')} items` })
      .waitFor();

    await page.getByLabel('Type').selectOption('');
    await page.waitForURL((url) => !url.search.includes('mediaType'));
    const all = (
      await request(curation.service.server).get('/api/v1/catalog?limit=1').set(admin()).expect(200)
    ).body as { total: number };
    expect(all.total).toBeGreaterThan(200);
    // The first page holds 200 rows; scrolling to the bottom loads the rest, row by row in view.
    for (let round = 0; round < 20; round += 1) {
      await page.mouse.wheel(0, 20_000);
      const last = await page.getByRole('row').last().getAttribute('aria-rowindex');
      if (Number(last) === all.total + 1) break;
      await page.waitForTimeout(100);
    }
    await expect(page.getByRole('row').last().getAttribute('aria-rowindex')).resolves.toBe(
      String(all.total + 1),
    );
    // Only the rows in view are in the page, not all of them.
    await expect(page.getByRole('row').count()).resolves.toBeLessThan(80);
    await page.context().close();
  });

  it("shows each card's poster in the grid, under the page's CSP, and a tile where there is none", async () => {
    const first = (
      await request(curation.service.server).get('/api/v1/catalog?limit=2').set(admin()).expect(200)
    ).body as { items: { id: string; title: string }[] };
    const [withPoster, without] = first.items;
    if (withPoster === undefined || without === undefined) throw new Error('the catalog has under 2 items');
    const database = curation.service.app.get<DataSource>(getDataSourceToken());
    await database.query('UPDATE "curation"."catalog_items" SET "thumb" = NULL WHERE "id" = $1', [
      without.id,
    ]);
    const blocked: string[] = [];
    for (const width of [1440, 390]) {
      const page = await ownerPage(width);
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
      });
      await page.getByRole('button', { name: 'Grid' }).click();
      const poster = page.getByRole('img', { name: `Poster of ${withPoster.title}` });
      await poster.waitFor();
      await expect(poster.getAttribute('loading')).resolves.toBe('lazy');
      await expect(poster.getAttribute('src')).resolves.toBe(
        `/api/v1/catalog/${encodeURIComponent(withPoster.id)}/poster`,
      );
      // Decoded: the JPEG Plex's transcoder made at the size the API asks for (240 wide).
      await page.waitForFunction(
        `[...document.images].some((image) => image.alt === ${JSON.stringify(`Poster of ${withPoster.title}`)} && image.complete && image.naturalWidth === 240)`,
      );
      // The box is 2:3 and its size does not depend on the image.
      const box = await poster.boundingBox();
      expect(box?.width).toBe(80);
      expect(box?.height).toBe(120);
      await page.getByRole('img', { name: `No poster for ${without.title}` }).waitFor();
      await expect(checkLayout(page)).resolves.toEqual({ horizontalOverflow: 0, seriousViolations: [] });
      await screenshot(page, `triage-grid-${width}`);
      await page.context().close();
    }
    expect(blocked).toEqual([]);
  });

  it('prunes one copy of an item held by two instances: only that instance is asked to delete', async () => {
    const pairs = (
      await request(curation.service.server)
        .get('/api/v1/catalog?category=duplicates&mediaType=movie&limit=50')
        .set(admin())
        .expect(200)
    ).body as { items: { id: string; title: string; isProtected: boolean; protectionRequested: boolean }[] };
    let target: { id: string; title: string; keep: string; drop: string; dropId: string } | undefined;
    for (const item of pairs.items.filter((entry) => !entry.isProtected && !entry.protectionRequested)) {
      const details = (
        await request(curation.service.server).get(`/api/v1/catalog/${item.id}`).set(admin()).expect(200)
      ).body as {
        instances: { connectionId: string | null; connectionName: string | null; is4k: boolean }[];
      };
      const hd = details.instances.find((instance) => instance.connectionName === 'Radarr');
      const uhd = details.instances.find((instance) => instance.connectionName === 'Radarr 4K');
      if (hd?.connectionId && uhd?.connectionId) {
        target = {
          id: item.id,
          title: item.title,
          keep: 'Radarr 4K',
          drop: 'Radarr',
          dropId: hd.connectionId,
        };
        break;
      }
    }
    if (target === undefined)
      throw new Error('the generated library has no movie held by both Radarr instances');
    const page = await ownerPage();
    await page.goto(`${origin}/?item=${encodeURIComponent(target.id)}`);
    const details = page.getByRole('dialog', { name: target.title });
    await details.getByRole('button', { name: 'Prune…' }).click();
    const prune = page.getByRole('dialog', { name: `Prune ${target.title}` });
    await prune.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(target.keep)} `) }).uncheck();
    const radarrBefore = curation.stack.radarr.requests.length;
    const radarr4kBefore = curation.stack.radarr4k.requests.length;
    await prune.getByRole('button', { name: /^Delete / }).click();
    await prune.getByText(/Recorded in the audit ledger as entry/).waitFor();
    await prune.getByText(new RegExp(`^${escapeRegExp(target.drop)}: Deleted`)).waitFor();
    await screenshot(page, 'prune-result');
    const deletes = (requests: readonly { method: string }[]) =>
      requests.filter((entry) => entry.method === 'DELETE');
    expect(deletes(curation.stack.radarr.requests.slice(radarrBefore))).toHaveLength(1);
    expect(deletes(curation.stack.radarr4k.requests.slice(radarr4kBefore))).toHaveLength(0);

    // The audit page shows the prune, and the total pruning has freed.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByLabel('Action').selectOption('prune');
    const row = page.getByRole('row').filter({ hasText: target.title });
    await row.getByText('Prune', { exact: true }).waitFor();
    await page.getByText(/Pruning has freed \d/).waitFor();
    await screenshot(page, 'audit-desktop-light');
    await page.context().close();
  });

  it('prunes a selection: each item its chosen copies, each with its own outcome', async () => {
    const query = 'category=duplicates&mediaType=movie&sortBy=title&limit=20';
    const listed = (
      await request(curation.service.server).get(`/api/v1/catalog?${query}`).set(admin()).expect(200)
    ).body as { items: { id: string; title: string; isProtected: boolean; protectionRequested: boolean }[] };
    const pairs: { id: string; title: string }[] = [];
    for (const item of listed.items.filter((entry) => !entry.isProtected && !entry.protectionRequested)) {
      const details = (
        await request(curation.service.server).get(`/api/v1/catalog/${item.id}`).set(admin()).expect(200)
      ).body as { instances: { connectionId: string | null; connectionName: string | null }[] };
      const names = details.instances
        .filter((copy) => copy.connectionId !== null)
        .map((copy) => copy.connectionName);
      if (names.includes('Radarr') && names.includes('Radarr 4K')) pairs.push(item);
      if (pairs.length === 2) break;
    }
    const [first, second] = pairs;
    if (first === undefined || second === undefined)
      throw new Error('fewer than two movies held by both Radarr instances');
    const context = await newContext(browser, { width: 1440, height: 1600 });
    const page = await context.newPage();
    await page.goto(origin);
    await signInWithPlex(page, curation.owner);
    await page.goto(`${origin}/?${query.replace('&limit=20', '')}`);
    await page.getByRole('checkbox', { name: `Select ${first.title}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second.title}` }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Prune…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prune 2 selected' });
    await dialog
      .getByRole('group', { name: first.title })
      .getByRole('checkbox', { name: /^Radarr 4K/ })
      .uncheck();
    const radarrBefore = curation.stack.radarr.requests.length;
    const radarr4kBefore = curation.stack.radarr4k.requests.length;
    // After the prune the page reads the items' details again: their copies are gone by then.
    const reread = page.waitForResponse(
      (answer) => answer.request().method() === 'GET' && answer.url().endsWith(`/api/v1/catalog/${first.id}`),
    );
    await dialog.getByRole('button', { name: /^Delete 3 copies/ }).click();
    await reread;
    for (const item of [first, second]) {
      await dialog
        .getByRole('group', { name: item.title })
        .getByText(/Recorded in the audit ledger/)
        .waitFor();
    }
    // Each outcome still names the instances as they were before the prune, also once the page has
    // rendered the details it read again (two frames after their answer).
    await page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
    const named = (title: string, text: RegExp) =>
      dialog.getByRole('group', { name: title }).getByText(text).count();
    await expect(named(first.title, /^Radarr: Deleted/)).resolves.toBe(1);
    await expect(named(second.title, /^Radarr 4K: Deleted/)).resolves.toBe(1);
    await screenshot(page, 'batch-prune-result');
    const deletes = (requests: readonly { method: string }[]) =>
      requests.filter((entry) => entry.method === 'DELETE');
    expect(deletes(curation.stack.radarr.requests.slice(radarrBefore))).toHaveLength(2);
    expect(deletes(curation.stack.radarr4k.requests.slice(radarr4kBefore))).toHaveLength(1);
    await context.close();
  });

  it('shows a new API key once, and applies a changed threshold to the category rule at once', async () => {
    const page = await ownerPage();
    await page.getByRole('link', { name: 'Settings' }).click();
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByLabel('Name').fill('home-assistant');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Key "home-assistant" created' });
    const key = (await dialog.getByTestId('new-api-key').textContent()) ?? '';
    expect(key).toMatch(/^cur_/);
    // The key works, and once the dialog is closed it is nowhere in the page.
    await request(curation.service.server).get('/api/v1/catalog?limit=1').set('X-Api-Key', key).expect(200);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await keys.getByText('home-assistant').waitFor();
    await expect(page.content()).resolves.not.toContain(key);
    await page.reload();
    await keys.getByText('home-assistant').waitFor();
    await expect(page.content()).resolves.not.toContain(key);

    const thresholds = page.getByRole('region', { name: 'Categories and pruning' });
    await thresholds.getByLabel('Stale: last played more than').fill('365');
    await thresholds.getByRole('button', { name: 'Save' }).click();
    await thresholds.getByText('Saved.', { exact: false }).waitFor();
    await screenshot(page, 'settings-desktop-light');
    await page.getByRole('link', { name: 'Triage' }).click();
    await page.getByRole('radio', { name: /^Stale:/ }).click();
    await page.getByText('last played more than 365 days ago', { exact: false }).waitFor();
    await page.context().close();
  });

  it('lets a friend ask for protection, the owner approve it, and the friend see it approved', async () => {
    const friend = curation.stack.library.users.find(
      (user) => user.kind === 'shared' && user.hasServerAccess,
    );
    if (friend === undefined) throw new Error('the generated library has no friend with access');
    const item = (
      (
        await request(curation.service.server)
          .get('/api/v1/catalog?category=never_watched&limit=5')
          .set(admin())
          .expect(200)
      ).body as { items: { id: string; title: string; isProtected: boolean; protectionRequested: boolean }[] }
    ).items.find((entry) => !entry.isProtected && !entry.protectionRequested);
    if (item === undefined) throw new Error('no unprotected never-watched item');

    const friendContext = await newContext(browser, { width: 375, height: 800 });
    const friendPage = await friendContext.newPage();
    await friendPage.goto(origin);
    await signInWithPlex(friendPage, friend);
    await expect(friendPage.getByRole('button', { name: 'Sync now' }).count()).resolves.toBe(0);
    await friendPage.goto(`${origin}/?item=${encodeURIComponent(item.id)}`);
    const details = friendPage.getByRole('dialog', { name: item.title });
    await expect(details.getByRole('button', { name: 'Prune…' }).count()).resolves.toBe(0);
    await details.getByLabel('Reason').fill('My kids watch this every winter');
    await details.getByRole('button', { name: 'Ask to protect' }).click();
    await details.getByText(/^Asked\./).waitFor();
    await screenshot(friendPage, 'item-guest-phone');

    const page = await ownerPage();
    await page
      .getByRole('link', { name: /Requests 1 pending|Requests/ })
      .getByLabel('1 pending')
      .waitFor();
    await page.getByRole('link', { name: /^Requests/ }).click();
    const card = page.getByRole('listitem').filter({ hasText: item.title });
    await card.getByLabel('Note (optional)').fill('Fine, it stays');
    await card.getByRole('button', { name: 'Approve and protect' }).click();
    await card.waitFor({ state: 'detached' });
    await screenshot(page, 'requests-admin');

    await friendPage.goto(`${origin}/requests`);
    await friendPage.getByRole('button', { name: 'Approved' }).click();
    await friendPage
      .getByRole('listitem')
      .filter({ hasText: item.title })
      .getByText('Fine, it stays', { exact: false })
      .waitFor();
    const state = (
      await request(curation.service.server).get(`/api/v1/catalog/${item.id}`).set(admin()).expect(200)
    ).body as { isProtected: boolean };
    expect(state.isProtected).toBe(true);
    await friendContext.close();
    await page.context().close();
  });

  it.each([
    ['phone', 375, 'dark'],
    ['desktop', 1440, 'light'],
  ] as const)(
    'fits a %s (%i px, %s) with no serious accessibility violations',
    async (name, width, colorScheme) => {
      const context = await newContext(browser, { width, height: 800, colorScheme });
      const page = await context.newPage();
      await page.goto(origin);
      const signIn = await checkLayout(page);
      await screenshot(page, `sign-in-${name}-${colorScheme}`);
      await signInWithPlex(page, curation.owner);
      await page.getByRole('row').nth(1).waitFor();
      const triage = await checkLayout(page);
      await screenshot(page, `triage-${name}-${colorScheme}`);
      await page.getByRole('row').nth(1).getByRole('link').click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Copies' }).waitFor();
      const details = await checkLayout(page);
      await screenshot(page, `item-${name}-${colorScheme}`);
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: /^Requests/ }).click();
      await page.getByRole('heading', { name: 'Protection requests' }).waitFor();
      const requests = await checkLayout(page);
      await screenshot(page, `requests-${name}-${colorScheme}`);
      await page.getByRole('link', { name: 'Audit' }).click();
      await page.getByRole('heading', { name: 'Audit ledger' }).waitFor();
      const audit = await checkLayout(page);
      await screenshot(page, `audit-${name}-${colorScheme}`);
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Users and roles' }).waitFor();
      const settings = await checkLayout(page);
      await screenshot(page, `settings-${name}-${colorScheme}`);
      const clean = { horizontalOverflow: 0, seriousViolations: [] };
      expect({ signIn, triage, details, requests, audit, settings }).toEqual({
        signIn: clean,
        triage: clean,
        details: clean,
        requests: clean,
        audit: clean,
        settings: clean,
      });
      await context.close();
    },
  );
});
