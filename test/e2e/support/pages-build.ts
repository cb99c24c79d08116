import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The pages the browser tests load, built once for all of them. dist/web is built from web/ and from the
 * service's own src/ and packages/verify (the in-page verifier); a stamp beside it holds the SHA-256 of
 * those inputs, so a test file builds only when they changed since the last build. A whole build of the
 * checkout (`npm run build`, or `npm install`'s prepare) that its own check finds current built dist/web from
 * these same sources, and is taken as it is. Jest's workers may ask at once: one builds under a lock file,
 * the others wait for it.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const INPUTS = ['web', 'src', 'packages/verify/src', 'packages/verify/browser-aliases.ts'];
const SKIPPED = new Set(['node_modules', 'dist']);
const STAMP = join(ROOT, 'dist/.pages-inputs');
const LOCK = join(ROOT, 'dist/.pages-build.lock');
/** A lock older than this was left by a build that died: it is taken over. */
const STALE_LOCK_MS = 180_000;

function filesUnder(path: string): string[] {
  const absolute = join(ROOT, path);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return [path];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) =>
    SKIPPED.has(entry.name) ? [] : filesUnder(join(path, entry.name)),
  );
}

function inputsHash(): string {
  const hash = createHash('sha256');
  for (const file of [...INPUTS.flatMap(filesUnder), 'package-lock.json'].sort()) {
    const bytes = readFileSync(join(ROOT, file));
    hash.update(`${file.split(sep).join('/')}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

function upToDate(hash: string): boolean {
  return (
    existsSync(join(ROOT, 'dist/web/index.html')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash
  );
}

/** `scripts/build.mjs --check`: the last whole build was made from the sources as they are now. */
function wholeBuildCurrent(): boolean {
  try {
    execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--check'], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    return true;
  } catch {
    return false;
  }
}

function takeLock(): boolean {
  try {
    // On a checkout never built, dist/ does not exist yet: the lock could never be taken, and every
    // worker would wait for it forever.
    mkdirSync(dirname(LOCK), { recursive: true });
    closeSync(openSync(LOCK, 'wx'));
    return true;
  } catch {
    const lock = statSync(LOCK, { throwIfNoEntry: false });
    if (lock && Date.now() - lock.mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { force: true });
    return false;
  }
}

/** Builds dist/web unless it was built from exactly these sources; waits while another worker builds. */
export async function ensurePagesBuilt(): Promise<void> {
  const hash = inputsHash();
  while (!upToDate(hash)) {
    if (!takeLock()) {
      await new Promise((done) => setTimeout(done, 250));
      continue;
    }
    try {
      if (upToDate(hash)) return;
      if (wholeBuildCurrent()) {
        writeFileSync(STAMP, hash);
        return;
      }
      execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', 'web'], {
        cwd: ROOT,
        stdio: 'pipe',
      });
      writeFileSync(STAMP, hash);
    } finally {
      rmSync(LOCK, { force: true });
    }
  }
}
