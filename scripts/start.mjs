#!/usr/bin/env node
// `npm start`: the service, built first only when its sources changed since the last build. The check
// and the service run in this one process, so a built checkout starts with no extra process to wait for.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { STAMP, build, staleness } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Without its sources (an installed package) there is nothing to check: the build it came with runs.
if (existsSync(join(root, 'src'))) {
  const why = staleness(root);
  if (why === null) console.log(`build: up to date (${STAMP})`);
  else {
    console.log(`build: ${why}`);
    const status = build(root);
    if (status !== 0) process.exit(status);
  }
}
await import(new URL('../dist/src/main.js', import.meta.url).href);
