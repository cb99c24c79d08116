import { readFileSync } from 'node:fs';
import { type ExportedEvent, parseNdjson } from '../../src/audit/export-format.js';
import { verifyMatchLog } from '../../src/audit/verifier.js';
import type { RecordedEvent } from '../../src/event-store/event-store.port.js';
import { MatchAggregate } from '../../src/match/match-aggregate.js';
import { MatchNotFoundError } from '../../src/match/match-errors.js';
import { currentMatchRules, matchRulesFor } from '../../src/rulesets/registry.js';
import { zuluCharge } from './support/match-log.js';
import { edit } from './support/tamper.js';

/**
 * The match-level rules (client seeds, undo, backups, disputes, the end) are versioned like a ruleset:
 * a new match records the version on its first event, inside the hash chain, and the verifier decides
 * each log's match-level commands with the version that log records (1.0.0 when it names none).
 */

function fixture(name: string): ExportedEvent[] {
  return parseNdjson(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

describe('the match-level rules version', () => {
  let log: ExportedEvent[];
  beforeAll(async () => {
    // Ended by the organiser: the log holds a match-level command (EndMatch) to decide again.
    log = await (await zuluCharge({ end: true })).events();
  });

  it('C-3 a new match records the match-level rules version on MatchCreated, and on no other event', () => {
    expect(log[0]).toMatchObject({
      type: 'MatchCreated',
      metadata: { matchRulesVersion: currentMatchRules.version },
    });
    expect(log.slice(1).every((event) => event.metadata.matchRulesVersion === undefined)).toBe(true);
    expect(log.some((event) => event.type === 'MatchEnded')).toBe(true);
    expect(verifyMatchLog(log)).toMatchObject({ ok: true, checked: { outcomes: { ok: true } } });
  });

  it('C-3 the version is inside the hash chain: changed without rehashing, the chain breaks at event 1', () => {
    const forged = edit(log, 1, (event) => (event.metadata.matchRulesVersion = '1.0.1'));
    expect(verifyMatchLog(forged).firstDiscrepancy).toMatchObject({ revision: 1, check: 'chain' });
  });

  it.each(['hand-to-hand-1.0.0.ndjson', 'atomic-africa-1.0.0.ndjson'])(
    'C-3 %s, recorded before the version was named, verifies under match-level rules 1.0.0',
    (name) => {
      const old = fixture(name);
      expect(old.every((event) => event.metadata.matchRulesVersion === undefined)).toBe(true);
      expect(matchRulesFor(undefined)?.version).toBe('1.0.0');
      expect(verifyMatchLog(old)).toMatchObject({ ok: true, checked: { outcomes: { ok: true } } });
    },
  );

  it('C-3 a log naming a match-level rules version this verifier does not know is reported, not a crash', () => {
    // Rehashed as a forger (or a newer service) would: the chain holds, the version is what is unknown.
    const unknown = edit(log, 1, (event) => (event.metadata.matchRulesVersion = '9.0.0'), { rechain: true });
    const report = verifyMatchLog(unknown);
    expect(report.ok).toBe(false);
    expect(report.checked.chain.ok).toBe(true);
    expect(report.firstDiscrepancy).toMatchObject({
      revision: 1,
      ruleId: 'C-3',
      check: 'outcomes',
      message: expect.stringContaining('match-level rules version 9.0.0'),
    });
  });

  it('C-3 the registry finds the match-level rules by the version a log records, and no other', () => {
    expect(matchRulesFor(currentMatchRules.version)).toBe(currentMatchRules);
    expect(matchRulesFor('1.0.0')?.version).toBe('1.0.0');
    expect(matchRulesFor('9.0.0')).toBeUndefined();
  });
});

describe('a live match keeps the match-level rules it was created under', () => {
  let log: ExportedEvent[];
  beforeAll(async () => {
    log = await (await zuluCharge({ end: true })).events();
  });
  const recorded = (event: ExportedEvent, position: number): RecordedEvent => ({ ...event, position });

  it('C-4 C-5 the aggregate decides match-level commands with the version the first event records', () => {
    const match = MatchAggregate.start('zulu', recorded(log[0]!, 1));
    expect(match.matchRules).toBe(matchRulesFor(currentMatchRules.version));
  });

  it('C-5 a snapshot image keeps the version, and an image written before it was kept is 1.0.0', () => {
    const match = MatchAggregate.start('zulu', recorded(log[0]!, 1));
    const image = match.image();
    expect(image.matchRulesVersion).toBe(currentMatchRules.version);
    expect(MatchAggregate.fromImage(image, 0).matchRules.version).toBe(currentMatchRules.version);
    const { matchRulesVersion: _dropped, ...older } = image;
    expect(MatchAggregate.fromImage(older, 0).matchRules.version).toBe('1.0.0');
  });

  it('C-3 a match naming match-level rules this service does not know is not decided by other rules', () => {
    const unknown = recorded(
      { ...log[0]!, metadata: { ...log[0]!.metadata, matchRulesVersion: '9.0.0' } },
      1,
    );
    expect(() => MatchAggregate.start('zulu', unknown)).toThrow(MatchNotFoundError);
  });
});
