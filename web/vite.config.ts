import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { browserAliases } from '../packages/verify/browser-aliases.js';

const root = dirname(fileURLToPath(import.meta.url));

/**
 * Every page is a folder of web/ with an index.html (watch/, table/, desk/ …), plus the landing page
 * web/index.html: adding a page is adding its folder. `shared/` holds what pages share and is no page.
 */
function pages(): Record<string, string> {
  const entries: Record<string, string> = { landing: join(root, 'index.html') };
  for (const folder of readdirSync(root, { withFileTypes: true })) {
    const page = join(root, folder.name, 'index.html');
    if (folder.isDirectory() && existsSync(page)) entries[folder.name] = page;
  }
  return entries;
}

// The pages: built by `npm run build` (`vite build web`, so this folder is the root) into dist/web/,
// which the service serves at / (src/web/pages.module.ts): /watch/, and each other page at /<folder>/.
// Preact's JSX through Vite's own transform (oxc in Vite 8), so no framework plugin is needed.
export default defineConfig({
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // The watch page's Verify button runs the published verifier (packages/verify, over the service's own
  // src/audit and src/rules) in a module worker; its node:crypto becomes the @noble adapter there.
  resolve: { alias: browserAliases },
  worker: { format: 'es' },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: { input: pages() },
    // The pages are small; a source map is what someone reading a bug report needs.
    sourcemap: true,
  },
});
