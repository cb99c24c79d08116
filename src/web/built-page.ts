import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where `npm run build` put the pages: vite writes them to dist/web/. This file runs compiled from
 * dist/src/web/ (npm start) or as source from src/web/ (the tests), so the folder is found from either;
 * web/ itself holds their sources, never served. The pages count as built once the landing page is.
 */
export function builtPageFolder(): string | undefined {
  const above = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
  const folder = basename(above) === 'dist' ? join(above, 'web') : join(above, 'dist', 'web');
  return existsSync(join(folder, 'index.html')) ? folder : undefined;
}
