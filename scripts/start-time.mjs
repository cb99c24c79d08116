#!/usr/bin/env node
// How long `npm start` takes on a built checkout, from the spawn of `node scripts/start.mjs` to the
// first 200 from GET /health: the service on a fresh data folder on 127.0.0.1, a free port. It fails
// when the start rebuilt (the build was not current), since then it measures the build, not the start.
// `node scripts/start-time.mjs [runs]` prints each run and the best; `--json` prints them as JSON.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { staleness } from './build-state.mjs';

/* global fetch */
const root = fileURLToPath(new URL('..', import.meta.url));
const due = staleness(root);
if (due !== null) {
  console.error(`build: ${due}; run \`npm run build\` first: this measures a start, not a build`);
  process.exit(2);
}
const args = process.argv.slice(2);
const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 3);
const asJson = args.includes('--json');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function once() {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-start-time-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      UMPIRE_DATA_DIR: dataDir,
      UMPIRE_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${output}`);
      if (/^build: (?!up to date)/m.test(output)) throw new Error(`npm start rebuilt:\n${output}`);
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/health`);
        await answer.arrayBuffer();
        if (answer.status === 200) break;
      } catch {
        // Not listening yet.
      }
      await sleep(10);
    }
    if (!/^build: up to date/m.test(output))
      throw new Error(`npm start did not say the build was current:\n${output}`);
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const times = [];
for (let run = 0; run < runs; run++) times.push(await once());
const best = Math.min(...times);
if (asJson) console.log(JSON.stringify({ runs: times.map(Math.round), bestMs: Math.round(best) }));
else {
  console.log(
    `npm start to the first 200 from /health: ${times.map((t) => `${Math.round(t)} ms`).join(', ')}`,
  );
  console.log(`  best ${Math.round(best)} ms (target: under 3,000 ms)`);
}
