#!/usr/bin/env node
// `umpire verify FILE …`: verifies an exported match offline (src/cli/umpire.ts, compiled to dist/).
import { existsSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

const compiled = new URL('../dist/src/cli/umpire.js', import.meta.url);
if (!existsSync(fileURLToPath(compiled))) {
  console.error(
    `umpire: ${fileURLToPath(compiled)} is missing; build it first with \`npm run build\` in ${fileURLToPath(new URL('..', import.meta.url))}`,
  );
  process.exit(2);
}
const { main } = await import(compiled.href);
process.exitCode = await main(process.argv.slice(2));
