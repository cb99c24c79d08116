#!/usr/bin/env node
// The build, and the check that lets `npm start` skip it.
//
//   node scripts/build.mjs             build everything (tsc, the pages, the verifier package)
//   node scripts/build.mjs --if-stale  build only when the sources differ from the last build
//   node scripts/build.mjs --check     say whether a build is due (exit 0: up to date, 1: stale)
//   … --root DIR                       the checkout to look at (default: this one)
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { STAMP, build, staleness } from './build-state.mjs';

function main(args) {
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? args[rootAt + 1] : fileURLToPath(new URL('..', import.meta.url));
  // Installed without its sources (a Docker layer installing dependencies first): nothing to build yet.
  if (!existsSync(join(root, 'src'))) {
    console.log('build: no src/ here, nothing to build');
    return 0;
  }
  if (args.includes('--check') || args.includes('--if-stale')) {
    const why = staleness(root);
    if (why === null) {
      console.log(`build: up to date (${relative(process.cwd(), join(root, STAMP)) || STAMP})`);
      return 0;
    }
    console.log(`build: ${why}`);
    if (args.includes('--check')) return 1;
  }
  return build(root);
}

process.exitCode = main(process.argv.slice(2));
