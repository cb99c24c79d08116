import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publicKeyDocument, signCheckpoint } from '../../src/audit/checkpoint.js';
import type { ExportedEvent } from '../../src/audit/export-format.js';
import { parseExport } from '../../src/audit/export-format.js';
import { verifyMatchLog } from '../../src/audit/verifier.js';
import { UnreadableInput, verdictOf, verifyExportText } from '../../packages/verify/src/verify-export.js';
import { longMatch } from '../../bench/verify-match.js';
import type { ExportToVerify, ExportVerdict } from '../../packages/verify/src/verdict.js';
import { REPO_ROOT, runNode } from '../audit/support/cli.js';
import { closeCombat, shootingTests, zuluCharge } from '../audit/support/match-log.js';
import { edit, renameRules, toNdjsonText } from '../audit/support/tamper.js';

/**
 * The package's browser build (`npm run build:verify`'s second Vite config), as a page gets it: it
 * imports nothing from Node.js, and run where there is neither node:crypto nor Buffer (a child Node.js
 * with the global Buffer removed, importing the built file) it gives, on real exports, the very verdicts
 * the verifier gives in Node.js over node:crypto: server dice, sealed and revealed orders, signed
 * checkpoints, and forgeries.
 */
describe('@umpire/verify in the browser build', () => {
  let dir: string;
  let bundle: string;
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const stranger = generateKeyPairSync('ed25519');
  const key = JSON.stringify(publicKeyDocument(publicKey));

  const checkpointOf = (events: readonly ExportedEvent[], revision: number, signer = privateKey) => {
    const event = events[revision - 1]!.metadata;
    return signCheckpoint(
      { stream: event.stream, revision, hash: event.hash, signedAt: '2026-11-30T18:00:00.000Z' },
      signer,
    );
  };
  const exportOf = (events: readonly ExportedEvent[], signer = privateKey) =>
    toNdjsonText(events, checkpointOf(events, events.length, signer));

  /** Each case verified by the built browser bundle in a Node.js without Buffer; its answers, in order. */
  async function inBrowserBuild(cases: readonly ExportToVerify[]) {
    writeFileSync(join(dir, 'cases.json'), JSON.stringify(cases));
    writeFileSync(
      join(dir, 'run.mjs'),
      `import { readFileSync } from 'node:fs';
const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const hadBuffer = typeof globalThis.Buffer === 'function';
delete globalThis.Buffer;
const { verifyExportText, UnreadableInput } = await import(process.argv[3]);
const answers = [];
for (const input of cases) answers.push(await (async () => {
  try {
    return { verdict: await verifyExportText(input) };
  } catch (error) {
    return { unreadable: error instanceof UnreadableInput, message: error.message };
  }
})());
// Node's Buffer has a poolSize; the browser build's does not.
process.stdout.write(JSON.stringify({ hadBuffer, bufferInstalled: 'poolSize' in globalThis.Buffer ? 'node' : 'browser', answers }));
`,
    );
    const run = await runNode([join(dir, 'run.mjs'), join(dir, 'cases.json'), bundle], dir);
    if (run.code !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout) as {
      hadBuffer: boolean;
      bufferInstalled: 'node' | 'browser';
      answers: Answer[];
    };
  }

  type Answer = { verdict: ExportVerdict } | { unreadable: boolean; message: string };
  const inNode = async (input: ExportToVerify): Promise<Answer> => {
    try {
      return { verdict: await verifyExportText(input) };
    } catch (error) {
      return { unreadable: error instanceof UnreadableInput, message: (error as Error).message };
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-verify-browser-'));
    const run = await runNode([
      join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      join(REPO_ROOT, 'packages/verify/vite.browser.config.ts'),
      '--outDir',
      join(dir, 'browser'),
    ]);
    if (run.code !== 0) throw new Error(`the browser build fails: ${run.stderr}`);
    bundle = join(dir, 'browser', 'index.js');
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports nothing but its own files: no node: built-in, no package, no require', () => {
    const files = readdirSync(join(dir, 'browser'), { recursive: true, withFileTypes: true }).filter(
      (f) => f.isFile() && f.name.endsWith('.js'),
    );
    expect(files.map((f) => f.name).sort()).toEqual(['index.js', 'verify-export.js', 'verify-worker.js']);
    const seen: string[] = [];
    for (const file of files) {
      const code = readFileSync(join(file.parentPath, file.name), 'utf8');
      // Statements only (at a line's start): the bundled sources' comments quote imports in examples.
      const specifiers = [...code.matchAll(/^(?:import|export)\b[^'"\n]*?from\s*["']([^"']+)["']/gm)].map(
        (m) => m[1]!,
      );
      for (const specifier of specifiers) expect(specifier).toMatch(/^\.\.?\//);
      seen.push(...specifiers);
      expect(code).not.toMatch(/\brequire\(|\bimport\(\s*["']node:/);
    }
    // The scan reads import statements: both entries import the verifier's chunk.
    expect(seen).toEqual(['./chunks/verify-export.js', './chunks/verify-export.js']);
  });

  it('C-2 C-3 AA-2 gives the verdicts Node.js gives, without node:crypto or Buffer, on real and forged exports', async () => {
    const dice = await (await shootingTests({ rolls: 5, clientSeeds: true, end: true })).events();
    const sealed = await (await closeCombat()).events();
    const charge = await (await zuluCharge({ end: true })).events();
    const long = longMatch(1500).events;
    const cases: ExportToVerify[] = [
      // Charges, tests, undos (backups to earlier states) and server dice, the seed revealed at the end.
      { exportText: exportOf(long), publicKey: key },
      // Server dice, the seed revealed at the end: every roll's HMAC, SHA-256 of the seed.
      { exportText: exportOf(dice), checkpoints: [checkpointOf(dice, 4)], publicKey: key },
      // Orders sealed as a commitment and by the service, then revealed (AA-2).
      { exportText: exportOf(sealed), checkpoints: [checkpointOf(sealed, 8)], publicKey: key },
      { exportText: exportOf(charge), publicKey: publicKeyDocument(publicKey).pem },
      // A face of a server roll changed, the chain recomputed: not what the revealed seed derives.
      {
        exportText: exportOf(
          edit(dice, 8, (e) => (e.data.roll.faces = e.data.roll.faces.map((f: number) => (f % 6) + 1)), {
            rechain: true,
          }),
        ),
        publicKey: key,
      },
      // One event's content changed, the chain left as it was.
      {
        exportText: exportOf(edit(charge, 5, (e) => (e.metadata.at = '2025-01-01T00:00:00.000Z'))),
        publicKey: key,
      },
      // Signed by another key; a kept checkpoint the log no longer holds.
      { exportText: exportOf(charge, stranger.privateKey), publicKey: key },
      {
        exportText: exportOf(charge),
        checkpoints: [
          signCheckpoint(
            {
              stream: charge[0]!.metadata.stream,
              revision: 4,
              hash: dice[3]!.metadata.hash,
              signedAt: '2026-11-30T17:00:00.000Z',
            },
            privateKey,
          ),
        ],
        publicKey: key,
      },
      // No key: the log's checks hold, its signatures are not proven.
      { exportText: exportOf(charge) },
      // Cut short: no closing checkpoint.
      { exportText: toNdjsonText(charge.slice(0, 6)), publicKey: key },
      // Not an export at all.
      { exportText: 'not json\n', publicKey: key },
      // Rules this verifier has no code for, and a parameters hash its code does not give.
      { exportText: exportOf(renameRules(charge, (ruleset) => (ruleset.version = '9.0.0'))), publicKey: key },
      {
        exportText: exportOf(renameRules(charge, (ruleset) => (ruleset.hash = 'f'.repeat(64)))),
        publicKey: key,
      },
    ];
    const browser = await inBrowserBuild(cases);
    expect(browser.hadBuffer).toBe(true);
    expect(browser.bufferInstalled).toBe('browser');
    const node: Answer[] = [];
    for (const input of cases) node.push(await inNode(input));
    expect(browser.answers).toEqual(node);

    // And the verdicts are the ones each case calls for (so the equality above is not of two wrongs).
    const summaries = node.map((answer) => ('verdict' in answer ? answer.verdict.summary : answer.message));
    expect(summaries.slice(0, 4)).toEqual([
      'VERIFIED: every check holds',
      'VERIFIED: every check holds',
      'VERIFIED: every check holds',
      'VERIFIED: every check holds',
    ]);
    const [longVerdict, diceVerdict, sealedVerdict] = node.map((a) =>
      'verdict' in a ? a.verdict : undefined,
    );
    expect(longVerdict!.events).toBe(long.length);
    expect(long.some((e) => e.type === 'ActionsReverted')).toBe(true);
    expect(diceVerdict!.checks.find((c) => c.check === 'serverRolls')).toMatchObject({ status: 'ok' });
    expect(diceVerdict!.checks.find((c) => c.check === 'serverRolls')!.message).toMatch(
      /^5 of 5 server rolls/,
    );
    expect(sealedVerdict!.checks.find((c) => c.check === 'reveals')!.message).toBe(
      '2 of 2 reveals match the card or commitment sealed',
    );
    expect(diceVerdict!.checkpoints).toEqual([
      { revision: 4, closing: false, signature: 'valid', matches: true },
      { revision: dice.length, closing: true, signature: 'valid', matches: true },
    ]);
    expect(summaries[4]).toMatch(/^FAILED: the first discrepancy is at event 8, rule C-2/);
    expect(summaries[5]).toMatch(
      /^FAILED: the first discrepancy is at event 5, rule C-3: .*hash does not match/,
    );
    expect(summaries[6]).toMatch(
      /^FAILED: .*closing checkpoint at event 11 does not verify with the public key/,
    );
    expect(summaries[7]).toMatch(
      /^FAILED: the first discrepancy is at event 4, rule C-3: .*was rewritten since$/,
    );
    expect(summaries[8]).toBe(
      "NOT VERIFIED: the log's checks hold, but 1 checkpoint signature was not checked (no public key)",
    );
    expect(summaries[9]).toMatch(/^FAILED: the first discrepancy is at event 7, rule C-3: .*cut short/);
    expect(node[10]).toEqual({ unreadable: true, message: 'not a match export: line 1: not JSON' });
    // Each verdict names the rules the log was replayed with, the browser's as Node's.
    const replays = node.map((a) => ('verdict' in a ? a.verdict.rules.replay : undefined));
    expect(replays).toEqual([
      ...Array<string>(10).fill('same-code'),
      undefined,
      'version-not-known',
      'hash-mismatch',
    ]);
    expect(diceVerdict!.rules).toMatchObject({ ruleset: dice[0]!.metadata.ruleset, replay: 'same-code' });
  }, 60_000);

  it('C-3 reads the text in pages, and reports what the whole log verified in memory reports', async () => {
    const long = longMatch(1500).events;
    const forged = edit(long, 700, (e) => (e.metadata.at = '2025-01-01T00:00:00.000Z'));
    const summaries: string[] = [];
    for (const events of [long, forged]) {
      const exportText = exportOf(events);
      const whole = parseExport(exportText);
      const inMemory = verifyMatchLog(whole.events, { endCheckpoint: whole.closing!, publicKey });
      const paged = await verifyExportText({ exportText, publicKey: key });
      expect(paged).toEqual(verdictOf(inMemory));
      summaries.push(paged.summary);
    }
    expect(summaries[0]).toBe('VERIFIED: every check holds');
    expect(summaries[1]).toMatch(/^FAILED: the first discrepancy is at event 700, rule C-3/);
  }, 60_000);
});
