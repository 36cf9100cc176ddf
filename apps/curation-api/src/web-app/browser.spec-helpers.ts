// For the web app's browser tests: the app built by Vite into a scratch folder, the curation API
// serving it on a real port, and Debian's Chromium driven by Playwright (browsers cannot be
// downloaded here; `.ci/run` installs the `chromium` package). Screenshots go to
// tmp/screenshots/curation, which CI keeps as artifacts (README, "Web apps").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { LibraryUser } from '@platform/testing-media-stack';
import type { TestService } from '@platform/testing-service';

export const REPOSITORY_ROOT = process.cwd().replace(/\/apps\/curation-api$/, '');
export const SCREENSHOTS = join(REPOSITORY_ROOT, 'tmp', 'screenshots', 'curation');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Builds a web app (the curation app unless another Vite config is named) into a fresh folder; its path. */
export function buildWebApp(config = 'libs/web/curation-app/vite.config.mts'): string {
  const outDir = mkdtempSync(join(tmpdir(), 'web-build-'));
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--config', config, '--outDir', outDir, '--logLevel', 'warn'],
    {
      cwd: REPOSITORY_ROOT,
      encoding: 'utf8',
      // Jest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
  return outDir;
}

/** Opens the service's HTTP server on a loopback port; its origin. */
export async function listen(service: TestService): Promise<string> {
  const server = service.server as import('node:http').Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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

/** Polls until `probe` returns a value (5 s at most). */
export async function waitFor<T>(probe: () => T | undefined): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting for a condition');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
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
