// Component tests in a real browser (Debian's Chromium through Playwright): the virtualized rows
// over 100,000 rows, and the prune confirmation against answers the test gives in place of the
// API (a partial failure, a season). The harness (harness/) mounts one component per page.
import { rmSync } from 'node:fs';
import { buildWithVite, launchChromium, serveBuild } from '@platform/testing-browser';
import type { Browser, Page, Request } from 'playwright-core';

/** The harness is answered from its build inside the browser; no server listens here. */
const ORIGIN = 'http://harness.test';

const ITEM = {
  id: 'movie-tmdb-603',
  title: 'The Matrix',
  year: 1999,
  mediaType: 'movie',
  sizeBytes: 30 * 2 ** 30,
  resolution: '4K',
  plays: 0,
  addedAt: '2024-01-01T00:00:00.000Z',
  lastWatchedAt: null,
  categories: ['duplicates'],
  isProtected: false,
  protectionRequested: false,
  requestedBy: [],
  instances: [
    {
      connectionId: 'c0ffee00-0000-4000-8000-000000000001',
      connectionName: 'Radarr',
      is4k: false,
      qualityProfile: 'HD-1080p',
      resolution: '1080p',
      sizeBytes: 10 * 2 ** 30,
      fileCount: 1,
      path: '/movies/The Matrix (1999)',
      cutoffUnmet: false,
      monitored: true,
      isBest: false,
    },
    {
      connectionId: 'c0ffee00-0000-4000-8000-000000000002',
      connectionName: 'Radarr 4K',
      is4k: true,
      qualityProfile: 'UHD',
      resolution: '4K',
      sizeBytes: 20 * 2 ** 30,
      fileCount: 1,
      path: '/movies-4k/The Matrix (1999)',
      cutoffUnmet: false,
      monitored: true,
      isBest: true,
    },
  ],
  seasons: [],
  watchStats: [],
  requests: [],
  protection: { isProtected: false, reason: null, protectedBy: null, protectedAt: null, pendingRequests: [] },
};

describe('web app components in a browser', () => {
  let outDir: string;
  let browser: Browser;

  beforeAll(async () => {
    outDir = buildWithVite('libs/web/curation-app/vite.harness.config.mts');
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  async function open(hash: string, search = ''): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await serveBuild(page, ORIGIN, outDir);
    await page.goto(`${ORIGIN}/${search}#${hash}`);
    return page;
  }

  it('keeps only the rows in view in the page, and asks for more near the end', async () => {
    const page = await open('rows');
    await page.getByText('Row 1', { exact: true }).waitFor();
    const inPage = await page.getByRole('listitem').count();
    expect(inPage).toBeLessThan(60);
    // Scrolling to the end of what is loaded asks for the next 200 rows, once per approach.
    for (let round = 0; round < 5; round += 1) {
      await page.mouse.wheel(0, 200 * 40);
      await page.getByText(`loaded ${400 + round * 200},`, { exact: false }).waitFor();
    }
    const status = (await page.getByRole('status').textContent()) ?? '';
    const [, loaded, asked] = /loaded (\d+), asked (\d+)/.exec(status) ?? [];
    expect(Number(loaded)).toBe(200 + 200 * Number(asked));
    await expect(page.getByRole('listitem').count()).resolves.toBeLessThan(60);
    // The rows in view are the ones at the scroll position.
    const top = (await page.evaluate('window.scrollY')) as number;
    await page.getByText(`Row ${Math.floor(top / 40) + 5}`, { exact: true }).waitFor();
    await page.close();
  });

  it('deletes only the copies chosen, and shows a partial failure per instance', async () => {
    const page = await open(`prune&item=${encodeURIComponent(JSON.stringify(ITEM))}`);
    const bodies: unknown[] = [];
    await page.route('**/api/v1/prune', async (route, request: Request) => {
      const body = request.postDataJSON() as { dryRun: boolean };
      bodies.push(body);
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify(
          body.dryRun
            ? {
                success: false,
                bytesFreed: 0,
                dryRun: true,
                auditId: null,
                message: 'Dry run: would delete The Matrix on Radarr, about 10.0 GiB. Nothing was changed.',
                results: [
                  { connectionId: ITEM.instances[0]?.connectionId, status: 'skipped', bytesFreed: 0 },
                ],
              }
            : {
                success: false,
                bytesFreed: 10 * 2 ** 30,
                dryRun: false,
                auditId: '42',
                message: 'Pruned The Matrix from 1 of 2 instances.',
                results: [
                  {
                    connectionId: ITEM.instances[0]?.connectionId,
                    status: 'deleted',
                    bytesFreed: 10 * 2 ** 30,
                  },
                  {
                    connectionId: ITEM.instances[1]?.connectionId,
                    status: 'failed',
                    bytesFreed: 0,
                    error: 'Radarr 4K answered 500; it is still there',
                  },
                ],
              },
        ),
      });
    });
    const dialog = page.getByRole('dialog', { name: 'Prune The Matrix' });
    await expect(dialog.getByRole('button', { name: 'Delete 30.0 GiB' }).count()).resolves.toBe(1);
    await dialog.getByRole('checkbox', { name: /^Radarr 4K / }).uncheck();
    await dialog.getByRole('button', { name: 'Delete 10.0 GiB' }).waitFor();
    await dialog.getByRole('checkbox', { name: /exclude it from import lists/ }).check();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByText(/^Dry run: would delete/).waitFor();
    await dialog.getByText('Radarr: Not run (preview)').waitFor();
    await dialog.getByRole('checkbox', { name: /^Radarr 4K / }).check();
    await dialog.getByRole('button', { name: 'Delete 30.0 GiB' }).click();
    await dialog.getByText('Radarr 4K: Failed: Radarr 4K answered 500; it is still there').waitFor();
    await dialog.getByText('Radarr: Deleted, 10.0 GiB freed').waitFor();
    await dialog.getByText('Recorded in the audit ledger as entry 42.').waitFor();
    // After the prune only Close is offered: nothing can be sent twice by accident.
    await expect(dialog.getByRole('button', { name: /^Delete/ }).count()).resolves.toBe(0);
    expect(bodies).toEqual([
      {
        mediaItemId: ITEM.id,
        seasonNumber: null,
        targetConnectionIds: [ITEM.instances[0]?.connectionId],
        addToImportExclusion: true,
        dryRun: true,
      },
      {
        mediaItemId: ITEM.id,
        seasonNumber: null,
        targetConnectionIds: ITEM.instances.map((copy) => copy.connectionId),
        addToImportExclusion: true,
        dryRun: false,
      },
    ]);
    await page.close();
  });

  it('prunes a season without offering an import exclusion, and shows a refusal in words', async () => {
    const series = {
      ...ITEM,
      id: 'series-tvdb-81189',
      title: 'Breaking Bad',
      mediaType: 'series',
      instances: [{ ...ITEM.instances[0], connectionName: 'Sonarr' }],
      seasons: [
        { seasonNumber: 2, episodeCount: 13, fileCount: 13, sizeBytes: 5 * 2 ** 30, monitored: true },
      ],
    };
    const page = await open(`prune&item=${encodeURIComponent(JSON.stringify(series))}`, '?season=2');
    await page.route('**/api/v1/prune', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          status: 409,
          code: 'prune.item-protected',
          detail: 'Breaking Bad is protected: lift the protection first.',
        }),
      }),
    );
    const dialog = page.getByRole('dialog', { name: 'Prune Breaking Bad, season 2' });
    await expect(dialog.getByRole('checkbox', { name: /import lists/ }).count()).resolves.toBe(0);
    await dialog.getByText(/import exclusions apply only to whole series/).waitFor();
    await dialog.getByRole('button', { name: 'Delete 5.0 GiB' }).click();
    await dialog
      .getByRole('alert')
      .getByText('Breaking Bad is protected: lift the protection first.')
      .waitFor();
    await page.close();
  });
});
