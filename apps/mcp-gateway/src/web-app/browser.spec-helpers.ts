// For the dashboard's browser tests: the dashboard (or a component test page) built by Vite into a
// scratch folder, and Debian's Chromium driven by Playwright (browsers cannot be downloaded here;
// `.ci/run` installs the `chromium` package). Screenshots go to tmp/screenshots/gateway, which CI
// keeps as artifacts (README, "Web apps"). The same steps as the curation app's helpers
// (apps/curation-api/src/web-app/browser.spec-helpers.ts), for this app's build and folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const REPOSITORY_ROOT = process.cwd().replace(/\/apps\/mcp-gateway$/, '');
const SCREENSHOTS = join(REPOSITORY_ROOT, 'tmp', 'screenshots', 'gateway');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Builds with a Vite config of the dashboard into a fresh folder; its path. */
export function buildWithVite(config: string): string {
  const outDir = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--config', config, '--outDir', outDir, '--logLevel', 'warn'],
    {
      cwd: REPOSITORY_ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
  return outDir;
}

/** The dashboard's production build (for WEB_APP_DIR). */
export function buildDashboard(): string {
  return buildWithVite('libs/web/gateway-dashboard/vite.config.mts');
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh browser profile at a viewport, in the given color scheme. */
export function newContext(
  browser: Browser,
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
  });
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** Answers `origin`'s requests in `page` from the files of a build (a component test page). */
export async function serveBuild(page: Page, origin: string, directory: string): Promise<void> {
  await page.route(`${origin}/**`, (route) => {
    const path = normalize(new URL(route.request().url()).pathname).replace(/^\/+/, '');
    const file = join(directory, path);
    if (path.startsWith('..') || !existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({
      body: readFileSync(file),
      contentType: TYPES[extname(file)] ?? 'application/octet-stream',
    });
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export interface LayoutReport {
  readonly horizontalOverflow: number;
  readonly seriousViolations: readonly string[];
}

/** Horizontal overflow in pixels and axe-core's serious or critical violations. */
export async function checkLayout(page: Page): Promise<LayoutReport> {
  // Expressions run in the page (this file is compiled without the DOM's types).
  const horizontalOverflow = (await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  )) as number;
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(axe.source);
  const violations = (await page.evaluate(`
    axe.run(document, { resultTypes: ['violations'] }).then((result) =>
      result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id + ': ' + violation.nodes.map((node) => node.target.join(' ')).join(', ')),
    )
  `)) as string[];
  return { horizontalOverflow, seriousViolations: violations };
}
