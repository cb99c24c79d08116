import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { browserAliases } from './browser-aliases.js';

/**
 * The package's `browser` export: the same verifier as vite.config.ts builds for Node.js, as ES modules
 * for a browser, with node:crypto and Buffer replaced by adapters over @noble/hashes and @noble/curves
 * (browser-aliases.ts). Two entries: the library (dist/browser/index.js) and a Web Worker that runs it
 * off a page's thread (dist/browser/verify-worker.js). Built after vite.config.ts, which empties dist/.
 */
const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  logLevel: 'warn',
  resolve: { alias: browserAliases },
  build: {
    outDir: 'dist/browser',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: false,
    lib: {
      entry: { index: `${here}src/browser.ts`, 'verify-worker': `${here}src/browser/verify-worker.ts` },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rollupOptions: { output: { chunkFileNames: 'chunks/[name].js' } },
  },
});
