// Benchmark of the curation web app in Chromium over a 100,000-item catalog (issue 19): time to the
// first rendered page of the triage view against the baseline of fetching the same data from the
// same page with no rendering; a scroll through 10,000 rows with Chrome's long-task timeline (goal:
// no task over 50 ms); and the gzipped bundle with the modules that fill it most.
//   TEST_DATABASE_URL=postgres://... npm run bench -- curation-web
//   BENCH_ITEMS=20000 for a smaller library (default 100,000)
import { rmSync } from 'node:fs';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type MediaStack, startMediaStack } from '@platform/testing-media-stack';
import { startTestService, type TestService } from '@platform/testing-service';
import { generateCatalogFixture, loadCatalogFixture } from '../src/catalog/catalog-fixture.spec-helpers';
import { CURATION_SERVICE } from '../src/curation-api.module';
import { bindSimulatedPlex } from '../src/sync/synced-curation.spec-helpers';
import { buildWithVite } from '@platform/testing-browser';
import { buildWebApp, launchChromium, listen, newContext } from '../src/web-app/browser.spec-helpers';
import { bundleReport } from './support/bundle-report';
import { percentiles } from './support/percentiles';

const ITEMS = Number(process.env['BENCH_ITEMS'] ?? 100_000);
const ROUNDS = 7;
const SCROLL_ROWS = 10_000;
const ROW_HEIGHT = 52;
const LONG_TASK_GOAL_MS = 50;

describe('curation web app benchmark', () => {
  let webDir: string | undefined;
  let stack: MediaStack | undefined;
  let service: TestService | undefined;
  let browser: Browser | undefined;

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await stack?.stop();
    if (webDir !== undefined) rmSync(webDir, { recursive: true, force: true });
  });

  it(`renders and scrolls the triage view over ${ITEMS} items`, async () => {
    webDir = buildWebApp();
    stack = await startMediaStack({ seed: 'web-bench', items: 10 });
    service = await startTestService(CURATION_SERVICE, {
      WEB_APP_DIR: webDir,
      CURATION_PLEX_TV_URL: stack.plexTv.url,
      CURATION_SYNC_INTERVAL_MINUTES: '0',
    });
    const owner = await bindSimulatedPlex(service, stack, 'bench');
    const database = service.app.get<DataSource>(getDataSourceToken());
    await loadCatalogFixture(
      database,
      generateCatalogFixture({ seed: 19, items: ITEMS, users: 20, maxEpisodes: 12 }),
    );
    const signedIn = await request(service.server)
      .post('/api/v1/auth/plex')
      .send({ authToken: owner.authToken });
    const token = (signedIn.body as { token: string }).token;
    const origin = await listen(service);
    browser = await launchChromium();
    const context = await newContext(browser, { width: 1440, height: 900 });
    await context.addCookies([{ name: 'curation_session', value: token, url: origin }]);

    // Warm the server's caches and the planner, as a user's second visit would find them.
    const warm = await context.newPage();
    await warm.goto(origin);
    await warm.getByRole('row').nth(1).waitFor();
    await warm.close();

    const firstPage: number[] = [];
    const baseline: number[] = [];
    const steps: { script: number; dataStart: number; dataEnd: number }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const page = await context.newPage();
      await page.goto(origin);
      await page.getByRole('row').nth(1).waitFor();
      firstPage.push((await page.evaluate('performance.now()')) as number);
      // Where the time went: the script's arrival, and the first catalog page's request and answer.
      steps.push(
        (await page.evaluate(`(() => {
          const entries = performance.getEntriesByType('resource');
          const script = entries.find((entry) => /\\/assets\\/.*\\.js$/.test(entry.name));
          const data = entries.find((entry) => entry.name.includes('/api/v1/catalog?'));
          return { script: script?.responseEnd ?? 0, dataStart: data?.startTime ?? 0, dataEnd: data?.responseEnd ?? 0 };
        })()`)) as { script: number; dataStart: number; dataEnd: number },
      );
      // Baseline: the same page fetching the data the view needs, rendering nothing.
      baseline.push(
        (await page.evaluate(`(async () => {
          const start = performance.now();
          await Promise.all([
            fetch('/api/v1/auth/me').then((r) => r.json()),
            fetch('/api/v1/categories').then((r) => r.json()),
            fetch('/api/v1/catalog?limit=200&offset=0').then((r) => r.json()),
          ]);
          return performance.now() - start;
        })()`)) as number,
      );
      await page.close();
    }

    const page = await context.newPage();
    await page.goto(origin);
    await page.getByRole('row').nth(1).waitFor();
    const scroll = await scrollRows(page, SCROLL_ROWS);

    const bundle = bundleReport(webDir);
    const dashboardDir = buildWithVite('libs/web/gateway-dashboard/vite.config.mts');
    const dashboard = bundleReport(dashboardDir);
    rmSync(dashboardDir, { recursive: true, force: true });
    const first = percentiles(firstPage);
    const data = percentiles(baseline);
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    console.log(
      [
        `curation web app over ${ITEMS} items (Chromium ${browser.version()}, 1440x900)`,
        '',
        '| measure | p50 | p95 | ratio to baseline p50 | goal |',
        '|---|---|---|---|---|',
        `| baseline: fetch me + categories + first catalog page, no rendering | ${data.p50.toFixed(0)} ms | ${data.p95.toFixed(0)} ms | 1.00x | |`,
        `| first rendered page of the triage view (from navigation start) | ${first.p50.toFixed(0)} ms | ${first.p95.toFixed(0)} ms | ${(first.p50 / data.p50).toFixed(2)}x | |`,
        `| of which: the script arrived | ${median(steps.map((step) => step.script)).toFixed(0)} ms | | | |`,
        `| of which: the first catalog page asked for, answered | ${median(steps.map((step) => step.dataStart)).toFixed(0)} ms, ${median(steps.map((step) => step.dataEnd)).toFixed(0)} ms | | | |`,
        '',
        `scroll through ${scroll.rows} rows (${scroll.pages} catalog pages loaded) in ${(scroll.ms / 1000).toFixed(1)} s: ` +
          `${scroll.longTasks.length} long tasks (over 50 ms: ${scroll.longTasks.filter((task) => task > LONG_TASK_GOAL_MS).length}), ` +
          `longest ${Math.max(0, ...scroll.longTasks).toFixed(0)} ms; goal: none over ${LONG_TASK_GOAL_MS} ms`,
        '',
        '| asset | bytes | gzip |',
        '|---|---|---|',
        ...bundle.assets.map(
          (asset) =>
            `| ${asset.file.replace(/-[\w-]{8}\./, '.')} | ${kib(asset.bytes)} | ${kib(asset.gzipBytes)} |`,
        ),
        `| total | | ${kib(bundle.totalGzipBytes)} |`,
        '',
        'largest modules (minified bytes in the bundle):',
        ...bundle.modules.slice(0, 12).map((entry) => `  ${entry.module.padEnd(50)} ${kib(entry.bytes)}`),
        '',
        'the gateway dashboard (libs/web/gateway-dashboard), for comparison:',
        '| asset | bytes | gzip |',
        '|---|---|---|',
        ...dashboard.assets.map(
          (asset) =>
            `| ${asset.file.replace(/-[\w-]{8}\./, '.')} | ${kib(asset.bytes)} | ${kib(asset.gzipBytes)} |`,
        ),
        `| total | | ${kib(dashboard.totalGzipBytes)} |`,
        'largest modules:',
        ...dashboard.modules.slice(0, 8).map((entry) => `  ${entry.module.padEnd(50)} ${kib(entry.bytes)}`),
      ].join('\n'),
    );
  }, 3_600_000);
});

function median(values: readonly number[]): number {
  return percentiles([...values]).p50;
}

interface ScrollResult {
  readonly rows: number;
  readonly pages: number;
  readonly ms: number;
  readonly longTasks: readonly number[];
}

/** Scrolls a screenful per frame until `rows` rows have passed, recording Chrome's long tasks. */
async function scrollRows(page: Page, rows: number): Promise<ScrollResult> {
  let catalogPages = 0;
  page.on('request', (sent) => {
    if (sent.url().includes('/api/v1/catalog?')) catalogPages += 1;
  });
  await page.evaluate(`
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  `);
  const start = Date.now();
  const target = rows * ROW_HEIGHT;
  for (;;) {
    const scrolled = (await page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => {
      window.scrollBy(0, window.innerHeight);
      resolve(window.scrollY);
    }))`)) as number;
    if (scrolled >= target) break;
    if (await atBottom(page)) {
      // At the end of what is loaded: the next catalog page arrives, or the catalog has ended.
      const grew = await waitUntil(async () => !(await atBottom(page)), 10_000);
      if (!grew) break;
    }
  }
  const ms = Date.now() - start;
  const longTasks = (await page.evaluate('window.__longTasks')) as number[];
  const scrolledRows = Math.round(((await page.evaluate('window.scrollY')) as number) / ROW_HEIGHT);
  return { rows: Math.min(rows, scrolledRows), pages: catalogPages, ms, longTasks };
}

function atBottom(page: Page): Promise<boolean> {
  return page.evaluate(
    'window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2',
  ) as Promise<boolean>;
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
