// Builds the component test pages (never part of the dashboard's build): the browser tests in
// apps/mcp-gateway/src/web-app build them into a scratch folder and load them in Chromium.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../../../..', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  resolve: { alias: { '@platform/web-ui': `${workspace}libs/web/ui/src/index.ts` } },
  build: {
    emptyOutDir: true,
    reportCompressedSize: false,
    rollupOptions: { input: `${root}schema-form.html` },
  },
});
