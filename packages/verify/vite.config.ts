import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * One self-contained ES module per entry, for Node.js 20 and later: the verifier, the CLI and the
 * rulesets they replay (from the repository's src/), with `canonicalize` bundled in; only node:
 * built-ins stay outside. So `node dist/umpire-verify.js` runs from any folder, with no
 * node_modules, no compiler and no native module (issue 15).
 */
const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist',
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    rollupOptions: {
      input: {
        index: `${here}src/index.ts`,
        'umpire-verify': `${here}src/umpire-verify.ts`,
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name].js' },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
