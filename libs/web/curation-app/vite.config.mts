// Builds the curation triage app into dist/libs/web/curation-app, which the curation API serves
// at `/` (docs/decisions/049). Asset names carry content hashes, so the service can cache them forever.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../../..', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  resolve: { alias: { '@platform/web-ui': `${workspace}libs/web/ui/src/index.ts` } },
  build: {
    outDir: `${workspace}dist/libs/web/curation-app`,
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: false,
  },
});
