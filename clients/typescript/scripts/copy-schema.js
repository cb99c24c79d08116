// tsc does not copy .d.ts sources to the output, and dist/index.d.ts imports ./schema.js's types.
import { copyFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
copyFileSync(here('../src/schema.d.ts'), here('../dist/schema.d.ts'));
