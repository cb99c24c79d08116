import { generateKeyPairSync } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publicKeyDocument, signCheckpoint } from '../../src/audit/checkpoint.js';
import type { ExportedEvent } from '../../src/audit/export-format.js';
import ts from 'typescript';
import { REPO_ROOT, runNode } from './support/cli.js';
import { buildVerifyPackage } from './support/verify-package.js';
import { zuluCharge } from './support/match-log.js';
import { edit, toNdjsonText } from './support/tamper.js';
import { currentMatchRules } from '../../src/rulesets/registry.js';

/**
 * packages/verify, as anyone gets it: built by its own build (`npm run build:verify`, the
 * Vite config the repository's build runs), then copied alone into a folder outside the repository,
 * with no node_modules anywhere above it, and run with nothing but `node` on a real export.
 */
describe('@umpire/verify, the built package on its own', () => {
  let dir: string;
  let bin: string;
  let folder: string;
  let hh: ExportedEvent[];
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');

  const closingOf = (events: readonly ExportedEvent[]) => {
    const last = events[events.length - 1]!.metadata;
    return signCheckpoint(
      { stream: last.stream, revision: last.revision, hash: last.hash, signedAt: '2026-01-01T01:00:00.000Z' },
      privateKey,
    );
  };
  const write = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text);
    return name;
  };
  /** `node dist/umpire-verify.js …` from the folder the package was copied to. */
  const verify = (...args: string[]) => runNode([bin, ...args], dir);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-verify-package-'));
    ({ bin, folder } = await buildVerifyPackage(dir));
    hh = await (await zuluCharge({ end: true })).events();
    write('key.json', JSON.stringify(publicKeyDocument(publicKey)));
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports nothing but Node.js built-ins and its own files: no native module, no node_modules', () => {
    const files = readdirSync(join(dir, 'packages', 'verify', 'dist'), {
      recursive: true,
      withFileTypes: true,
    }).filter((f) => f.isFile() && f.name.endsWith('.js'));
    expect(files.map((f) => f.name).sort()).toEqual(['index.js', 'umpire-verify.js', 'verify-command.js']);
    for (const file of files) {
      const text = readFileSync(join(file.parentPath, file.name), 'utf8');
      const specifiers = [...text.matchAll(/(?:^|\s)(?:import|export)\b[^'"]*?from\s*["']([^"']+)["']/g)].map(
        (m) => m[1]!,
      );
      const dynamic = [...text.matchAll(/\bimport\(\s*["']([^"']+)["']/g)].map((m) => m[1]!);
      for (const specifier of [...specifiers, ...dynamic]) {
        expect(specifier).toMatch(/^(node:|\.\/|\.\.\/)/);
      }
      expect(text).not.toMatch(/\brequire\(/);
    }
  });

  /**
   * The diagnostics of each program, type-checked as a TypeScript user of the package would: in an
   * ES module package of their own, `@umpire/verify` resolved through node_modules to the copied
   * package, by its `exports` (NodeNext), with nothing from the repository's sources in reach.
   */
  const typeCheck = (programs: Record<string, string>): Record<string, string[]> => {
    const user = join(dir, 'user');
    mkdirSync(join(user, 'node_modules', '@umpire'), { recursive: true });
    symlinkSync(folder, join(user, 'node_modules', '@umpire', 'verify'), 'dir');
    writeFileSync(join(user, 'package.json'), JSON.stringify({ type: 'module' }));
    for (const [name, text] of Object.entries(programs)) writeFileSync(join(user, `${name}.ts`), text);
    const compiled = ts.createProgram(
      Object.keys(programs).map((name) => join(user, `${name}.ts`)),
      {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        types: ['node'],
        typeRoots: [join(REPO_ROOT, 'node_modules', '@types')],
      },
    );
    return Object.fromEntries(
      Object.keys(programs).map((name) => [
        name,
        ts
          .getPreEmitDiagnostics(compiled, compiled.getSourceFile(join(user, `${name}.ts`)))
          .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      ]),
    );
  };

  it('ships its type declarations: a TypeScript program using it type-checks, and a misuse does not', () => {
    const found = typeCheck({
      uses: `
import { parseExport, verifyMatchLog, type RulesReplayed, type VerificationReport } from '@umpire/verify';
import { verifyExportText, type ExportVerdict, type RulesLine } from '@umpire/verify/browser';
const { events } = parseExport('');
const report: VerificationReport = verifyMatchLog(events, { seedHint: '00' });
const ok: boolean = report.ok;
const first: number | undefined = report.discrepancies[0]?.revision;
const verdict: Promise<ExportVerdict> = verifyExportText({ exportText: '' });
// Which rules the log was replayed with, in the report and in the page-side verdict alike.
const rules: RulesReplayed = report.rules;
const version: string | undefined = rules.ruleset?.version;
const sameCode: boolean = rules.replay === 'same-code' && rules.matchRules.replay !== 'version-not-known';
const assumed: string | null = report.rules.matchRules.replayedWith;
const line: Promise<string> = verdict.then((v) => v.rules.message);
const replay: Promise<RulesLine['replay']> = verdict.then((v) => v.rules.replay);
export { ok, first, verdict, version, sameCode, assumed, line, replay };
`,
      misuses: `
import { verifyMatchLog } from '@umpire/verify';
const count: number = verifyMatchLog([]).ok;
export { count };
`,
      misreadsRules: `
import { verifyMatchLog } from '@umpire/verify';
const replay: 'same' = verifyMatchLog([]).rules.replay;
export { replay };
`,
    });
    expect(found.uses).toEqual([]);
    expect(found.misuses).toEqual([expect.stringMatching(/'boolean' is not assignable to type 'number'/)]);
    expect(found.misreadsRules).toEqual([expect.stringMatching(/is not assignable to type '"same"'/)]);
  });

  it('C-3 an untouched export, its kept checkpoint and the public key: exit 0, VERIFIED', async () => {
    write('match.ndjson', toNdjsonText(hh, closingOf(hh)));
    const kept = signCheckpoint(
      {
        stream: hh[0]!.metadata.stream,
        revision: 4,
        hash: hh[3]!.metadata.hash,
        signedAt: '2026-01-01T00:00:00.000Z',
      },
      privateKey,
    );
    write('kept.json', JSON.stringify(kept));
    const run = await verify('match.ndjson', '--checkpoint', 'kept.json', '--public-key', 'key.json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('chain         ok: intact: 11 events');
    expect(run.stdout).toMatch(/checkpoint {4}ok: event 4 .* still in the log, signature valid/);
    expect(run.stdout).toContain('VERIFIED: every check holds');
  });

  it('C-3 a tampered export: exit 1, and the first discrepancy named by event and rule', async () => {
    const forged = edit(hh, 8, (e) => (e.data.outcome = 'retreat'), { rechain: true });
    write('forged.ndjson', toNdjsonText(forged, closingOf(hh)));
    const run = await verify('forged.ndjson', '--public-key', 'key.json');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('FAILED: the first discrepancy is at event 8, rule HH-3:');
  });

  it('C-3 the JSON report and the usage exit status are the CLI’s', async () => {
    write('plain.ndjson', toNdjsonText(hh, closingOf(hh)));
    const json = await verify('plain.ndjson', '--public-key', 'key.json', '--json');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { ok: boolean; checked: { events: number } };
    expect(report).toMatchObject({
      ok: true,
      checked: { events: 11 },
      rules: { ruleset: hh[0]!.metadata.ruleset, replay: 'same-code', matchRules: { replay: 'same-code' } },
    });
    const text = await verify('plain.ndjson', '--public-key', 'key.json');
    const { version, hash } = hh[0]!.metadata.ruleset!;
    expect(text.stdout).toContain(
      `  rules         hand-to-hand ${version} (hash ${hash.slice(0, 8)}…), match rules ${currentMatchRules.version}, replayed with the same code\n`,
    );
    const usage = await verify();
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('umpire-verify: FILE is missing');
    expect(usage.stderr).toContain('usage: umpire-verify FILE');
  });
});
