// For the dashboard's browser tests: the dashboard built by Vite, and its screenshots under
// tmp/screenshots/gateway; everything else comes from the shared browser test support
// (libs/testing/browser).
import { buildWithVite, screenshotFolder } from '@platform/testing-browser';
import type { Page } from 'playwright-core';

export {
  buildWithVite,
  checkLayout,
  launchChromium,
  newContext,
  serveBuild,
} from '@platform/testing-browser';

/** The dashboard's production build (for WEB_APP_DIR). */
export function buildDashboard(): string {
  return buildWithVite('libs/web/gateway-dashboard/vite.config.mts');
}

const save = screenshotFolder('gateway');

/** A full-page screenshot of the dashboard. */
export function screenshot(page: Page, name: string): Promise<void> {
  return save(page, name, true);
}
