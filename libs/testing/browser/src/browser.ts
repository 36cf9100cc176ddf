// For the web apps' browser tests: a Vite build into a scratch folder, Debian's Chromium driven by
// Playwright (browsers cannot be downloaded here; `.ci/run` installs the `chromium` package), a
// build answered from the browser itself, screenshots under tmp/screenshots/<app> (README,
// "Documentation"; CI keeps them), and the layout and accessibility check every page passes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** The workspace root: the nearest folder above the test's project that holds nx.json. */
export const WORKSPACE_ROOT = findWorkspaceRoot(process.cwd());

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

function findWorkspaceRoot(start: string): string {
  for (let directory = start; ; directory = dirname(directory)) {
    if (existsSync(join(directory, 'nx.json'))) return directory;
    if (dirname(directory) === directory) throw new Error(`no nx.json above ${start}`);
  }
}

/** Builds with a Vite config (a path from the workspace root) into a fresh folder; its path. */
export function buildWithVite(config: string): string {
  const outDir = mkdtempSync(join(tmpdir(), 'web-build-'));
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--config', config, '--outDir', outDir, '--logLevel', 'warn'],
    {
      cwd: WORKSPACE_ROOT,
      encoding: 'utf8',
      // Jest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
  return outDir;
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
    const file = join(directory, path === '' ? 'index.html' : path);
    if (path.startsWith('..') || !existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({
      body: readFileSync(file),
      contentType: TYPES[extname(file)] ?? 'application/octet-stream',
    });
  });
}

/** Saves screenshots of one app under tmp/screenshots/<app>. */
export function screenshotFolder(
  app: string,
): (page: Page, name: string, fullPage?: boolean) => Promise<void> {
  const folder = join(WORKSPACE_ROOT, 'tmp', 'screenshots', app);
  return async (page, name, fullPage = false) => {
    mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: join(folder, `${name}.png`), fullPage });
  };
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
