// What the build reads and writes, and whether it is due (scripts/build.mjs, scripts/start.mjs).
//
// A build records the SHA-256 of its inputs (every file under the source folders, and the configs and
// lockfile that shape the output) in dist/.build-inputs, taken before it starts, so a source changed
// during a build makes the next start build again. Content, not modification times: a checkout, a copy
// or a touch that changes no byte does not rebuild, and any changed byte does. Plain Node, no
// dependency: it runs before anything is compiled.
//
// Reading every input costs a start more than it needs: the stamp also records each input's size and
// change times (ctime moves with every write and cannot be set back), and when none of them moved
// since, the content is the one that was hashed and is not read again. When any moved, the content
// decides, as before, and a touch that changed no byte is recorded so the next start is quick again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** What the build reads: folders walked whole (but their build output), and single files. */
const INPUT_FOLDERS = ['src', 'bench', 'web', 'packages/verify'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);
/** What `npm start` and the verifier need: missing, the build is due whatever the stamp says. */
const OUTPUTS = ['dist/src/main.js', 'dist/web/index.html', 'packages/verify/dist/umpire-verify.js'];
export const STAMP = 'dist/.build-inputs';

function filesUnder(root, folder) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (entry.isFile()) found.push(path);
    }
  };
  if (existsSync(join(root, folder))) walk(folder);
  return found;
}

function inputFiles(root) {
  return [...INPUT_FOLDERS.flatMap((folder) => filesUnder(root, folder)), ...INPUT_FILES]
    .filter((file) => existsSync(join(root, file)))
    .map((file) => file.split(sep).join('/'))
    .sort();
}

/** SHA-256 over every input's path and bytes, in a fixed order. */
export function inputsHash(root, files = inputFiles(root)) {
  const hash = createHash('sha256');
  for (const file of files) {
    const bytes = readFileSync(join(root, file));
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

/** SHA-256 over every input's path, size and change times (nanoseconds): no file is read. */
export function inputsStat(root, files = inputFiles(root)) {
  const hash = createHash('sha256');
  for (const file of files) {
    const { size, mtimeNs, ctimeNs } = statSync(join(root, file), { bigint: true });
    hash.update(`${file}\0${size}\0${mtimeNs}\0${ctimeNs}\0`);
  }
  return hash.digest('hex');
}

/** The stamp's two lines: the inputs' content hash, and `stat <inputsStat>`. */
function writeStamp(root, hash, stat) {
  mkdirSync(dirname(join(root, STAMP)), { recursive: true });
  writeFileSync(join(root, STAMP), `${hash}\nstat ${stat}\n`);
}

/** Why a build is due, or null when the last build was made from exactly these sources. */
export function staleness(root) {
  const missing = OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  const stamp = join(root, STAMP);
  if (!existsSync(stamp)) return `${STAMP} is missing (built before the check existed)`;
  const [hash, statLine] = readFileSync(stamp, 'utf8').trim().split('\n');
  const files = inputFiles(root);
  const stat = inputsStat(root, files);
  if (statLine === `stat ${stat}`) return null;
  if (hash !== inputsHash(root, files)) return 'sources changed since the last build';
  try {
    writeStamp(root, hash, stat);
  } catch {
    // A read-only checkout: the next start reads the sources again, and is right all the same.
  }
  return null;
}

/** The three build steps, as `npm run build` has always run them; the exit status of the first that fails, or 0. */
export function build(root) {
  const files = inputFiles(root);
  const stat = inputsStat(root, files);
  const hash = inputsHash(root, files);
  for (const step of ['build:server', 'build:web', 'build:verify']) {
    // The npm that runs this script, when it is one (npm_execpath), else the one on the PATH.
    const npm = process.env.npm_execpath;
    const run = npm
      ? spawnSync(process.execPath, [npm, 'run', '--silent', step], { cwd: root, stdio: 'inherit' })
      : spawnSync('npm', ['run', '--silent', step], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) return run.status ?? 1;
  }
  writeStamp(root, hash, stat);
  return 0;
}
