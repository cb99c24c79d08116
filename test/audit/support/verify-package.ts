import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPO_ROOT, runNode } from './cli.js';

/**
 * packages/verify as anyone gets it: built by the build `npm run build:verify` runs (its Vite config),
 * into a scratch folder, then its package.json and dist/ alone copied to `<into>/packages/verify`, as
 * in a checkout after `npm run build`, with its type declarations. Returns the package folder and its bin's path.
 */
export async function buildVerifyPackage(into: string): Promise<{ folder: string; bin: string }> {
  const built = join(into, '.build');
  const run = await runNode([
    join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
    'build',
    '--config',
    join(REPO_ROOT, 'packages/verify/vite.config.ts'),
    '--outDir',
    built,
  ]);
  if (run.code !== 0) throw new Error(`packages/verify does not build: ${run.stderr}`);
  const folder = join(into, 'packages', 'verify');
  mkdirSync(folder, { recursive: true });
  copyFileSync(join(REPO_ROOT, 'packages/verify/package.json'), join(folder, 'package.json'));
  for (const file of readdirSync(built, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const from = join(file.parentPath, file.name);
    const to = join(folder, 'dist', relative(built, from));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
  // Its type declarations, as `npm run build:verify` emits them after the bundles.
  const types = await runNode([
    join(REPO_ROOT, 'node_modules/typescript/bin/tsc'),
    '-p',
    join(REPO_ROOT, 'packages/verify/tsconfig.types.json'),
    '--outDir',
    join(folder, 'dist', 'types'),
  ]);
  if (types.code !== 0) throw new Error(`packages/verify's declarations do not build: ${types.stdout}`);
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  return { folder, bin: join(folder, manifest.bin['umpire-verify']!) };
}
