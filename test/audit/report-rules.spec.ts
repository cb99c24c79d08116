import { readFileSync } from 'node:fs';
import { type ExportedEvent, parseNdjson } from '../../src/audit/export-format.js';
import { verifyMatchLog } from '../../src/audit/verifier.js';
import { currentMatchRules, currentRuleset } from '../../src/rulesets/registry.js';
import { TestMatch, zuluCharge } from './support/match-log.js';
import { copy, edit, rechain, renameRules } from './support/tamper.js';
import { replayedWithTheSameCode } from './support/replayed-rules.js';

/**
 * A verification report names the rules it replayed the log with (the ruleset id, version and hash the
 * log records, the match-level rules version), and whether that was exactly the code the log records,
 * so that an auditor can tell a check under hand-to-hand 1.0.0 from one under 2.0.0.
 */

function fixture(name: string): ExportedEvent[] {
  return parseNdjson(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

describe('the report names the rules it replayed the log with', () => {
  let log: ExportedEvent[];
  beforeAll(async () => {
    log = await (await zuluCharge({ end: true })).events();
  });

  it('C-3 a current log: the ruleset version and hash it records, match rules as recorded, the same code', () => {
    const report = verifyMatchLog(log);
    const recorded = log[0]!.metadata.ruleset!;
    expect(recorded).toMatchObject({ id: 'hand-to-hand', version: currentRuleset('hand-to-hand')!.version });
    expect(report.ok).toBe(true);
    expect(report.rules).toEqual(replayedWithTheSameCode(recorded));
    // The field beside it, which named the recorded ruleset before, says the same as ever.
    expect(report.ruleset).toEqual(recorded);
  });

  it('C-3 parameters of its own give the match another hash, and the report names that hash', async () => {
    const m = await TestMatch.create({
      ruleset: 'hand-to-hand',
      parameters: { morale: { min: 5, max: 11 } },
    });
    const own = await m.events();
    const report = verifyMatchLog(own);
    expect(own[0]!.metadata.ruleset!.hash).not.toBe(log[0]!.metadata.ruleset!.hash);
    expect(report.rules).toMatchObject({
      ruleset: own[0]!.metadata.ruleset,
      replay: 'same-code',
      replayedHash: own[0]!.metadata.ruleset!.hash,
    });
  });

  it.each([
    ['hand-to-hand-1.0.0.ndjson', 'hand-to-hand'],
    ['atomic-africa-1.0.0.ndjson', 'atomic-africa'],
  ])(
    'C-3 %s, recorded before the match rules version was: 1.0.0 of both, match rules 1.0.0 assumed',
    (name, id) => {
      const old = fixture(name);
      const report = verifyMatchLog(old);
      const hash = old[0]!.metadata.ruleset!.hash;
      expect(report.ok).toBe(true);
      expect(report.rules).toEqual({
        ruleset: { id, version: '1.0.0', hash },
        replay: 'same-code',
        replayedHash: hash,
        matchRules: { recorded: null, replayedWith: '1.0.0', replay: 'assumed' },
        message: `${id} 1.0.0 (hash ${hash.slice(0, 8)}…), match rules not recorded (the log predates them: 1.0.0 assumed), replayed with the same code`,
      });
    },
  );

  it('C-3 a log naming a ruleset version this verifier does not know: not replayed, and its finding kept', () => {
    const unknown = renameRules(log, (ruleset) => (ruleset.version = '9.0.0'));
    const report = verifyMatchLog(unknown);
    expect(report.ok).toBe(false);
    expect(report.checked.chain.ok).toBe(true);
    expect(report.firstDiscrepancy).toEqual({
      revision: 1,
      ruleId: 'C-3',
      check: 'outcomes',
      message: 'the log names ruleset hand-to-hand 9.0.0, which this verifier does not know',
    });
    expect(report.rules).toMatchObject({
      ruleset: { id: 'hand-to-hand', version: '9.0.0' },
      replay: 'version-not-known',
      replayedHash: null,
      matchRules: { replay: 'same-code' },
    });
    expect(report.rules.message).toMatch(
      new RegExp(
        `^hand-to-hand 9\\.0\\.0 \\(hash [0-9a-f]{8}…\\), match rules ${currentMatchRules.version.replaceAll('.', '\\.')}, NOT replayed with the same code: this verifier does not know hand-to-hand 9\\.0\\.0$`,
      ),
    );
  });

  it('C-3 a log recording a wrong ruleset hash: the hash this code gives is named, and the outcome finding kept', () => {
    const wrong = 'f'.repeat(64);
    const right = log[0]!.metadata.ruleset!.hash;
    const forged = renameRules(log, (ruleset) => (ruleset.hash = wrong));
    const report = verifyMatchLog(forged);
    expect(report.ok).toBe(false);
    expect(report.checked.chain.ok).toBe(true);
    expect(report.firstDiscrepancy).toMatchObject({
      revision: 1,
      check: 'outcomes',
      message: expect.stringContaining('ruleset.hash'),
    });
    expect(report.rules).toMatchObject({
      ruleset: { id: 'hand-to-hand', hash: wrong },
      replay: 'hash-mismatch',
      replayedHash: right,
    });
    expect(report.rules.message).toContain(
      `(hash ffffffff…), match rules ${currentMatchRules.version}, NOT replayed with the same code: hand-to-hand ${log[0]!.metadata.ruleset!.version} here gives hash ${right.slice(0, 8)}… for the match's parameters`,
    );
  });

  it('C-3 an envelope whose hash differs from MatchCreated’s: a hash mismatch, with the envelope finding', () => {
    const forged = edit(log, 1, (event) => (event.metadata.ruleset!.hash = '0'.repeat(64)), {
      rechain: true,
    });
    const report = verifyMatchLog(forged);
    expect(report.discrepancies).toContainEqual(
      expect.objectContaining({
        revision: 1,
        message:
          'the rules named in the envelope are not the rules (and parameters hash) MatchCreated records',
      }),
    );
    expect(report.rules).toMatchObject({
      replay: 'hash-mismatch',
      replayedHash: log[0]!.metadata.ruleset!.hash,
    });
  });

  it('C-3 match-level rules this verifier does not know: named, and neither they nor the ruleset replayed', () => {
    const unknown = edit(log, 1, (event) => (event.metadata.matchRulesVersion = '9.0.0'), { rechain: true });
    const report = verifyMatchLog(unknown);
    expect(report.firstDiscrepancy).toMatchObject({
      revision: 1,
      message: expect.stringContaining('match-level rules version 9.0.0'),
    });
    expect(report.rules).toMatchObject({
      replay: 'not-replayed',
      matchRules: { recorded: '9.0.0', replayedWith: null, replay: 'version-not-known' },
    });
    expect(report.rules.message).toContain(
      "match rules 9.0.0, NOT replayed with the same code: the match's creation could not be decided again; this verifier does not know match rules 9.0.0",
    );
  });

  it('C-3 a log that does not begin with MatchCreated names its rules but could not replay its creation', () => {
    // Its first event dropped, the rest renumbered from 1 and rechained: only the creation is missing.
    const headless = copy(log)
      .slice(1)
      .map((event, i) => ({ ...event, metadata: { ...event.metadata, revision: i + 1 } }));
    const report = verifyMatchLog(rechain(headless));
    expect(report.ok).toBe(false);
    expect(report.rules).toMatchObject({
      ruleset: log[0]!.metadata.ruleset,
      replay: 'not-replayed',
      replayedHash: null,
    });
  });

  it('C-3 an empty log names no rules', () => {
    expect(verifyMatchLog([]).rules).toMatchObject({
      ruleset: null,
      replay: 'version-not-known',
      message:
        'no ruleset named, match rules not recorded, NOT replayed with the same code: the log names no ruleset',
    });
  });
});
