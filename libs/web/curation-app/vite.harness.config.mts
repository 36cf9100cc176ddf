// Builds the component harness (harness/) for the component tests; never deployed.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./harness', import.meta.url)),
  base: './',
  plugins: [react()],
  resolve: { alias: { '@platform/web-ui': `${workspace}libs/web/ui/src/index.ts` } },
  build: { emptyOutDir: true, reportCompressedSize: false },
});
