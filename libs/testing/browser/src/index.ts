export {
  buildWithVite,
  checkLayout,
  launchChromium,
  newContext,
  screenshotFolder,
  serveBuild,
  WORKSPACE_ROOT,
} from './browser';
export type { LayoutReport } from './browser';
