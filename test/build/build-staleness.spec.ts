import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT, runBash, runNode } from '../audit/support/cli.js';

const BUILD = join(REPO_ROOT, 'scripts', 'build.mjs');

/**
 * A checkout in miniature: the folders the build reads, and a package.json whose three build steps
 * write the outputs `npm start` needs and count how often they ran. The real build script runs
 * against it (`--root`), through npm as `npm start` runs it.
 */
function miniatureCheckout(): string {
  const root = mkdtempSync(join(tmpdir(), 'umpire-build-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const emit = (outputs: string[]) =>
    `node -e "const fs=require('fs');for(const f of ${JSON.stringify(outputs).replace(/"/g, "'")}){fs.mkdirSync(require('path').dirname(f),{recursive:true});fs.writeFileSync(f,'built')}fs.appendFileSync('builds.txt','x')"`;
  write(
    'package.json',
    JSON.stringify({
      name: 'miniature',
      private: true,
      scripts: {
        'build:server': emit(['dist/src/main.js']),
        'build:web': emit(['dist/web/index.html']),
        'build:verify': emit(['packages/verify/dist/umpire-verify.js']),
      },
    }),
  );
  write('src/main.ts', 'export const answer = 42;\n');
  write('web/src/page.tsx', 'export const page = 1;\n');
  write('packages/verify/src/index.ts', 'export const verify = 1;\n');
  return root;
}

/** How many build steps have run in the miniature checkout (three per build). */
const stepsRun = (root: string): number => {
  try {
    return readFileSync(join(root, 'builds.txt'), 'utf8').length;
  } catch {
    return 0;
  }
};

describe('npm start builds only when the sources changed since the last build', () => {
  let root: string;
  beforeEach(() => {
    root = miniatureCheckout();
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const check = () => runNode([BUILD, '--check', '--root', root]);
  const ifStale = () => runBash(`npm_execpath= node ${JSON.stringify(BUILD)} --if-stale --root .`, root, {});

  it('builds a fresh clone, then starts without building until a source byte changes', async () => {
    expect(await check()).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('dist/src/main.js is missing'),
    });

    const first = await ifStale();
    expect(first.code).toBe(0);
    expect(stepsRun(root)).toBe(3);
    expect(await check()).toMatchObject({ code: 0, stdout: expect.stringContaining('up to date') });

    // Started again, nothing changed: no build.
    expect((await ifStale()).stdout).toContain('up to date');
    expect(stepsRun(root)).toBe(3);

    // Touched without a changed byte (a checkout, a copy): still no build.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/main.ts'), later, later);
    expect((await check()).code).toBe(0);

    // One byte changed in any source folder: built once, then up to date again.
    for (const source of ['src/main.ts', 'web/src/page.tsx', 'packages/verify/src/index.ts']) {
      writeFileSync(join(root, source), readFileSync(join(root, source), 'utf8') + ' ');
      expect(await check()).toMatchObject({ code: 1, stdout: expect.stringContaining('sources changed') });
      const before = stepsRun(root);
      expect((await ifStale()).code).toBe(0);
      expect(stepsRun(root)).toBe(before + 3);
      expect((await check()).code).toBe(0);
    }

    // A new source file, or a changed lockfile, counts as a change too.
    writeFileSync(join(root, 'src/new-rule.ts'), 'export {};\n');
    expect((await check()).code).toBe(1);
    await ifStale();
    writeFileSync(join(root, 'package-lock.json'), '{}\n');
    expect((await check()).code).toBe(1);
    // Fifteen npm runs and twenty checks: minutes on a loaded two-core machine, seconds on a quiet one.
  }, 300_000);

  it('builds again when an output is gone, whatever the stamp says', async () => {
    await ifStale();
    rmSync(join(root, 'dist/web'), { recursive: true });
    expect(await check()).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('dist/web/index.html is missing'),
    });
    await ifStale();
    expect(stepsRun(root)).toBe(6);
  }, 120_000);

  it('builds output that predates the check (no stamp)', async () => {
    await ifStale();
    rmSync(join(root, 'dist/.build-inputs'));
    expect(await check()).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('.build-inputs is missing'),
    });
  }, 120_000);

  it('a failed build leaves no stamp, so the next start tries again', async () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    manifest.scripts['build:web'] = 'node -e "process.exit(3)"';
    writeFileSync(join(root, 'package.json'), JSON.stringify(manifest));
    const failed = await ifStale();
    expect(failed.code).toBe(3);
    expect((await check()).code).toBe(1);
  }, 120_000);

  it('installed without sources (dependencies first, as the Docker image does): nothing to build, no failure', async () => {
    rmSync(join(root, 'src'), { recursive: true });
    const run = await ifStale();
    expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining('nothing to build') });
    expect(stepsRun(root)).toBe(0);
  });
});

/** A port free on loopback now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('npm start on this checkout', () => {
  let dataDir: string;
  beforeAll(async () => {
    // The checkout as `npm install` leaves it (prepare): built from these sources. Builds only if stale.
    const built = await runNode([BUILD, '--if-stale']);
    if (built.code !== 0) throw new Error(`the build fails: ${built.stdout}${built.stderr}`);
    dataDir = mkdtempSync(join(tmpdir(), 'umpire-start-'));
  }, 600_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves /health without rebuilding: its own check says up to date and no output is rewritten', async () => {
    const main = join(REPO_ROOT, 'dist/src/main.js');
    const builtAt = statSync(main).mtimeMs;
    const port = await freePort();
    const { NODE_OPTIONS: _jestFlags, ...inherited } = process.env;
    const started = Date.now();
    const child = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        UMPIRE_DATA_DIR: dataDir,
        UMPIRE_LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    try {
      let answered = 0;
      while (Date.now() - started < 60_000) {
        const status = await fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) {
          answered = Date.now() - started;
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(output).toContain('build: up to date');
      expect(answered).toBeGreaterThan(0);
      expect(statSync(main).mtimeMs).toBe(builtAt);
    } finally {
      // npm start's own process group: npm and the service it started, nothing else.
      process.kill(-child.pid!, 'SIGTERM');
    }
  }, 90_000);
});
