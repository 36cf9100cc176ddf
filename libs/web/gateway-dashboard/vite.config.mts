// Builds the gateway's administrator dashboard into dist/libs/web/gateway-dashboard, which the
// gateway serves at `/ui/` (docs/decisions/049 and 054). Asset names carry content hashes, so the
// gateway can cache them forever.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../../..', import.meta.url));

export default defineConfig({
  root,
  base: '/ui/',
  plugins: [react()],
  resolve: { alias: { '@platform/web-ui': `${workspace}libs/web/ui/src/index.ts` } },
  build: {
    outDir: `${workspace}dist/libs/web/gateway-dashboard`,
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: false,
  },
});
