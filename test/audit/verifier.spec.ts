import { generateKeyPairSync } from 'node:crypto';
import { signCheckpoint } from '../../src/audit/checkpoint.js';
import type { ExportedEvent } from '../../src/audit/export-format.js';
import { verifyMatchLog } from '../../src/audit/verifier.js';
import { foldMatch } from '../../src/match/match-loader.js';
import { currentRuleset } from '../../src/rulesets/registry.js';
import { closeCombat, shootingTests, TestMatch, zuluCharge } from './support/match-log.js';
import { edit, rechain, remove, renameConsistently, swap } from './support/tamper.js';

const first = (events: readonly ExportedEvent[]) => verifyMatchLog(events).firstDiscrepancy;

describe('the verifier re-runs a match from nothing', () => {
  describe('hand-to-hand, table dice (E-1: revisions 4 charge, 7 impact, 8 morale test, 10 give ground)', () => {
    let log: ExportedEvent[];
    beforeAll(async () => {
      log = await (await zuluCharge({ end: true })).events();
    });

    it('C-3 an untouched log verifies: chain intact, every command decided again to the same events', () => {
      const report = verifyMatchLog(log);
      expect(report).toMatchObject({
        ok: true,
        matchId: expect.any(String),
        ruleset: { id: 'hand-to-hand', version: currentRuleset('hand-to-hand')!.version },
        head: { revision: 11 },
        checked: {
          events: 11,
          chain: { ok: true, links: 11 },
          outcomes: { ok: true, commands: 8, events: 11 },
          serverRolls: { ok: true, status: 'not-applicable', diceMode: 'table' },
          reveals: { ok: true, reveals: 0 },
        },
        discrepancies: [],
      });
      expect(report.firstDiscrepancy).toBeUndefined();
    });

    it('C-3 a changed face breaks the hash chain at its event', () => {
      const forged = edit(log, 8, (e) => {
        e.data.roll.faces = [1, 1];
      });
      expect(first(forged)).toMatchObject({ revision: 8, ruleId: 'C-3', check: 'chain' });
    });

    it('HH-2 a changed face with the chain recomputed: the test is decided again on the faces and disagrees', () => {
      const forged = edit(log, 8, (e) => (e.data.roll.faces = [1, 2]), { rechain: true });
      const report = verifyMatchLog(forged);
      expect(report.checked.chain.ok).toBe(true);
      expect(report.firstDiscrepancy).toEqual({
        revision: 8,
        ruleId: 'HH-2',
        check: 'outcomes',
        message: 'event 8 (MoraleTested): data.total is 6 in the log, but the rules give 3',
      });
    });

    it('HH-3 an edited outcome with the chain recomputed is caught by re-deriving it', () => {
      const forged = edit(log, 8, (e) => (e.data.outcome = 'retreat'), { rechain: true });
      const report = verifyMatchLog(forged);
      expect(report.checked.chain.ok).toBe(true);
      expect(report.ok).toBe(false);
      expect(report.firstDiscrepancy).toMatchObject({ revision: 8, ruleId: 'HH-3', check: 'outcomes' });
      expect(report.firstDiscrepancy!.message).toContain(
        'data.outcome is "retreat" in the log, but the rules give "reform"',
      );
    });

    it('HH-7 an edited impact with the chain recomputed names the impact roll', () => {
      const forged = edit(
        log,
        7,
        (e) => {
          e.data.impact = 5;
          e.data.total = 5;
        },
        { rechain: true },
      );
      expect(first(forged)).toMatchObject({ revision: 7, ruleId: 'HH-7', check: 'outcomes' });
      // The morale test after it was taken against the impact really rolled: it disagrees too.
      expect(verifyMatchLog(forged).discrepancies.map((d) => [d.revision, d.ruleId])).toEqual([
        [7, 'HH-7'],
        [8, 'HH-8'],
      ]);
    });

    it('HH-17 a removed consequence, chain and numbering recomputed, is missed by the rules', () => {
      const forged = rechain(
        remove(log, 9).map((e) => ({
          ...e,
          metadata: {
            ...e.metadata,
            revision: e.metadata.revision > 9 ? e.metadata.revision - 1 : e.metadata.revision,
          },
        })),
      );
      expect(first(forged)).toMatchObject({ revision: 8, ruleId: 'HH-17', check: 'outcomes' });
    });

    it('C-3 a removed event is named by the chain', () => {
      expect(first(remove(log, 5))).toMatchObject({ revision: 5, ruleId: 'C-3', check: 'chain' });
    });

    it('C-3 two events swapped are named by the chain at the first of them', () => {
      expect(first(swap(log, 7, 8))).toMatchObject({ revision: 7, ruleId: 'C-3', check: 'chain' });
    });

    it('C-3 an event of another match is refused', () => {
      const forged = edit(
        log,
        1,
        (e) => {
          e.data.matchId = 'elsewhere';
          if (e.metadata.command) e.metadata.command.matchId = 'elsewhere';
        },
        { rechain: true },
      );
      expect(first(forged)).toMatchObject({ revision: 1, ruleId: 'C-3' });
    });

    it('C-3 an empty log verifies nothing', () => {
      expect(verifyMatchLog([])).toMatchObject({
        ok: false,
        firstDiscrepancy: { revision: 0, ruleId: 'C-3', message: 'the log holds no events' },
      });
    });
  });

  describe('server dice (C-2)', () => {
    it('C-2 before the end the rolls cannot be checked yet; the indices are', async () => {
      const report = verifyMatchLog(await (await shootingTests({ rolls: 3 })).events());
      expect(report).toMatchObject({ ok: true });
      expect(report.checked.serverRolls).toMatchObject({
        ok: true,
        status: 'pending-seed',
        rolls: 3,
        verified: 0,
        seedRevealed: false,
      });
      expect(report.checked.serverRolls.message).toContain('cannot be checked yet');
    });

    it('C-2 once the seed is revealed every roll is its HMAC derivation, client seeds mixed in', async () => {
      const log = await (await shootingTests({ rolls: 3, clientSeeds: true, end: true })).events();
      const report = verifyMatchLog(log);
      expect(report.ok).toBe(true);
      expect(report.checked.serverRolls).toMatchObject({
        status: 'verified',
        rolls: 3,
        verified: 3,
        seedRevealed: true,
      });
    });

    it('C-2 a changed server face, chain recomputed, is not what the revealed seed derives', async () => {
      const log = await (await shootingTests({ rolls: 3, end: true })).events();
      // Revision 5 is the second test; morale 12 passes whatever the faces, so only the dice can tell.
      const forged = edit(
        log,
        5,
        (e) => (e.data.roll.faces = e.data.roll.faces.map((f: number) => (f % 6) + 1)),
        {
          rechain: true,
        },
      );
      const report = verifyMatchLog(forged);
      expect(report.firstDiscrepancy).toMatchObject({ revision: 5, ruleId: 'C-2', check: 'serverRolls' });
      expect(report.checked.serverRolls.status).toBe('failed');
    });

    it('C-2 a revealed seed that is not the one committed to is refused', async () => {
      const log = await (await shootingTests({ rolls: 1, end: true })).events();
      const forged = edit(log, 5, (e) => (e.data.serverSeed = 'ab'.repeat(32)), { rechain: true });
      expect(first(forged)).toMatchObject({ revision: 5, ruleId: 'C-2' });
      expect(first(forged)!.message).toContain('not the commitment');
    });

    it('C-5 a reused roll index is caught even before the seed is out', async () => {
      const log = await (await shootingTests({ rolls: 2 })).events();
      const forged = edit(log, 5, (e) => (e.data.roll.index = 1), { rechain: true });
      expect(first(forged)).toMatchObject({ revision: 5, ruleId: 'C-5', check: 'serverRolls' });
    });
  });

  describe('undo and backups (C-5)', () => {
    it('C-5 an agreed undo and a judge backup replay to the state the match shows, and verify', async () => {
      const m = await shootingTests({ rolls: 1 });
      // 4 MoraleTested (roll 1); A asks to go back to 3, B agrees: 5 UndoRequested, 6 UndoAgreed, 7 ActionsReverted
      await m.send('A', { type: 'RequestUndo', requestId: 'u1', toRevision: 3, reason: 'wrong unit' });
      await m.send('B', { type: 'AnswerUndo', requestId: 'u1', agree: true });
      // 8 MoraleTested: roll 2, never roll 1 again
      await m.send('B', { type: 'TakeMoraleTest', unitId: 'b1', cause: 'shooting', penalty: 0 });
      // 9 ActionsReverted by a judge, back to 3 again
      await m.send('judge', { type: 'OrderBackup', toRevision: 3, reason: 'the shooting was out of range' });
      await m.send('organiser', { type: 'EndMatch', winner: 'A', note: '' });
      const log = await m.events();
      expect(log.map((e) => e.type)).toEqual([
        'MatchCreated',
        'UnitRegistered',
        'UnitRegistered',
        'MoraleTested',
        'UndoRequested',
        'UndoAgreed',
        'ActionsReverted',
        'MoraleTested',
        'ActionsReverted',
        'MatchEnded',
      ]);
      expect((log[7]!.data as { roll: { index: number } }).roll.index).toBe(2);
      const report = verifyMatchLog(log);
      expect(report.ok).toBe(true);
      expect(report.checked.serverRolls).toMatchObject({ status: 'verified', rolls: 2, verified: 2 });
      // The fold the verifier re-decided on is the match's own.
      const match = foldMatch(
        m.matchId,
        log.map((e, i) => ({ ...e, position: i + 1 })),
      );
      expect(match.state).toEqual(match.stateAt(3));
    });

    it('C-5 a revert that hides part of what it undid, chain recomputed, is not what the judge ordered', async () => {
      const m = await shootingTests({ rolls: 3 });
      // 7 ActionsReverted back to 4: undoes 5 and 6
      await m.send('judge', { type: 'OrderBackup', toRevision: 4, reason: 'out of range' });
      const log = await m.events();
      const forged = edit(log, 7, (e) => (e.data.throughRevision = 5), { rechain: true });
      expect(first(forged)).toMatchObject({ revision: 7, ruleId: 'C-5', check: 'outcomes' });
    });

    it('C-5 an undo "agreed" by the side that asked for it is refused', async () => {
      const m = await shootingTests({ rolls: 1 });
      await m.send('A', { type: 'RequestUndo', requestId: 'u1', toRevision: 3, reason: 'misread' });
      await m.send('B', { type: 'AnswerUndo', requestId: 'u1', agree: true });
      const forged = edit(
        await m.events(),
        6,
        (e) => {
          e.data.side = 'A';
          e.metadata.actor = { ...e.metadata.actor, side: 'A' };
        },
        { rechain: true },
      );
      expect(first(forged)).toMatchObject({ revision: 6, ruleId: 'C-5' });
      expect(first(forged)!.message).toContain('opponent agrees');
    });

    it('C-4 nothing is decided after the match ended', async () => {
      const m = await shootingTests({ rolls: 1, end: true });
      const log = await m.events();
      // Move the end before the last test: the test then comes after the end.
      const forged = rechain(
        swap(log, 4, 5).map((e, i) => ({ ...e, metadata: { ...e.metadata, revision: i + 1 } })),
      );
      expect(first(forged)).toMatchObject({ revision: 5, ruleId: 'C-4' });
    });
  });

  describe('atomic-africa: sealed orders (AA-2)', () => {
    let log: ExportedEvent[];
    beforeAll(async () => {
      log = await (await closeCombat()).events();
    });

    it('AA-2 each reveal matches its seal: a side’s own commitment, and a card the service sealed', () => {
      const report = verifyMatchLog(log);
      expect(report.ok).toBe(true);
      expect(report.checked.reveals).toMatchObject({ ok: true, reveals: 2, verified: 2 });
      expect(report.checked.outcomes).toMatchObject({ ok: true, events: 17 });
    });

    it('AA-2 a forged reveal (another card, chain recomputed) does not match its commitment', () => {
      const forged = edit(log, 12, (e) => (e.data.card = { rank: '7', suit: 'hearts' }), { rechain: true });
      const report = verifyMatchLog(forged);
      expect(report.checked.chain.ok).toBe(true);
      expect(report.firstDiscrepancy).toMatchObject({ revision: 12, ruleId: 'AA-2', check: 'reveals' });
      expect(report.checked.reveals).toMatchObject({ ok: false, reveals: 2, verified: 1 });
      // The rules refuse the reveal itself, so the flee verdict appended with it is not re-derived.
      expect(report.discrepancies.map((d) => [d.revision, d.ruleId])).toEqual([[12, 'AA-2']]);
    });

    it('AA-2 a forged reveal of the card the service sealed is caught the same way', () => {
      const forged = edit(log, 11, (e) => (e.data.card = { rank: '6', suit: 'hearts' }), { rechain: true });
      expect(first(forged)).toMatchObject({ revision: 11, ruleId: 'AA-2' });
    });

    it('AA-11 an attack that suppressed on paper only, chain recomputed', () => {
      const forged = edit(
        log,
        16,
        (e) => {
          e.data.hits = 2;
          e.data.suppressed = true;
        },
        { rechain: true },
      );
      expect(first(forged)).toMatchObject({ revision: 16, ruleId: 'AA-11' });
    });

    it('AA-9 a pursuit outcome edited, chain recomputed', () => {
      const forged = edit(log, 14, (e) => (e.data.outcome = 'thwarted'), { rechain: true });
      expect(first(forged)).toMatchObject({ revision: 14, ruleId: 'AA-9' });
    });

    it('AA-6 a flee verdict edited, chain recomputed', () => {
      const forged = edit(log, 13, (e) => (e.data.verdict = 'refused'), { rechain: true });
      expect(first(forged)).toMatchObject({ revision: 13, ruleId: 'AA-6' });
    });
  });

  describe('signed checkpoints', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    let log: ExportedEvent[];
    let stream: string;
    beforeAll(async () => {
      log = await (await zuluCharge()).events();
      stream = log[0]!.metadata.stream;
    });
    const at = (revision: number) =>
      signCheckpoint(
        { stream, revision, hash: log[revision - 1]!.metadata.hash, signedAt: '2026-01-01T00:00:00.000Z' },
        privateKey,
      );

    it('C-3 a checkpoint kept earlier still holds, with a valid signature', () => {
      const report = verifyMatchLog(log, { checkpoints: [at(6), at(10)], publicKey });
      expect(report.ok).toBe(true);
      expect(report.checked.checkpoints.checked).toEqual([
        expect.objectContaining({ revision: 6, signature: 'valid', matches: true }),
        expect.objectContaining({ revision: 10, signature: 'valid', matches: true }),
      ]);
    });

    it('C-3 a log rewritten consistently passes every other check, and only the checkpoint catches it', () => {
      const forged = renameConsistently(log, 2, 'Zulu impi');
      expect(verifyMatchLog(forged).ok).toBe(true);
      const report = verifyMatchLog(forged, { checkpoints: [at(6)], publicKey });
      expect(report.firstDiscrepancy).toMatchObject({ revision: 6, ruleId: 'C-3', check: 'checkpoints' });
      expect(report.firstDiscrepancy!.message).toContain('was rewritten');
    });

    it('C-3 a log cut short after a checkpoint: the checkpoint names the missing event', () => {
      const report = verifyMatchLog(log.slice(0, 7), { checkpoints: [at(10)], publicKey });
      expect(report.firstDiscrepancy).toMatchObject({ revision: 10, ruleId: 'C-3', check: 'checkpoints' });
      expect(report.firstDiscrepancy!.message).toContain('events were removed');
    });

    it('C-3 an altered checkpoint, or another key, fails the signature', () => {
      const altered = at(6);
      altered.checkpoint.hash = log[6]!.metadata.hash;
      altered.checkpoint.revision = 7;
      expect(
        verifyMatchLog(log, { checkpoints: [altered], publicKey }).checked.checkpoints.checked[0],
      ).toMatchObject({
        signature: 'invalid',
        matches: true,
      });
      const other = generateKeyPairSync('ed25519').publicKey;
      const report = verifyMatchLog(log, { checkpoints: [at(6)], publicKey: other });
      expect(report.firstDiscrepancy).toMatchObject({ revision: 6, ruleId: 'C-3', check: 'checkpoints' });
    });

    it('C-3 without a public key the hash is still compared; the signature is reported unchecked', () => {
      const report = verifyMatchLog(log, { checkpoints: [at(6)] });
      expect(report.ok).toBe(true);
      expect(report.checked.checkpoints.checked[0]!.signature).toBe('not-checked');
    });
  });

  it('C-3 the verifier is pure: the same log gives the same report, twice', async () => {
    const m = await TestMatch.create({ ruleset: 'atomic-africa' });
    const log = await m.events();
    expect(verifyMatchLog(log)).toEqual(verifyMatchLog(log));
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a forgery is any JSON
type Forged = ExportedEvent & { data: any };

describe('the verifier on any forged JSON', () => {
  const mutations: [string, (event: Forged) => void][] = [
    ['data null', (e) => (e.data = null)],
    ['data empty', (e) => (e.data = {})],
    ['unknown type', (e) => (e.type = 'Nonsense')],
    ['a field dropped', (e) => delete e.data[Object.keys(e.data ?? {})[0] ?? 'x']],
    ['a field retyped', (e) => (e.data[Object.keys(e.data ?? {})[0] ?? 'x'] = ['?'])],
  ];

  it('C-3 never throws, and never passes a log whose content was changed, chain recomputed or not', async () => {
    const logs = [
      await (await zuluCharge({ end: true })).events(),
      await (await closeCombat()).events(),
      await (await shootingTests({ rolls: 2, clientSeeds: true, end: true })).events(),
    ];
    let forgeries = 0;
    for (const log of logs) {
      for (const event of log) {
        for (const [name, mutate] of mutations) {
          for (const rechained of [false, true]) {
            const forged = edit(log, event.metadata.revision, mutate, { rechain: rechained });
            if (JSON.stringify(forged[event.metadata.revision - 1]) === JSON.stringify(event)) continue;
            forgeries += 1;
            let report;
            try {
              report = verifyMatchLog(forged);
            } catch (error) {
              throw new Error(
                `${name} at ${event.metadata.revision} (${event.type}) threw: ${String(error)}`,
                { cause: error },
              );
            }
            expect({ name, revision: event.metadata.revision, ok: report.ok }).toEqual({
              name,
              revision: event.metadata.revision,
              ok: false,
            });
            expect(report.firstDiscrepancy!.revision).toBeLessThanOrEqual(event.metadata.revision + 1);
          }
        }
      }
    }
    expect(forgeries).toBeGreaterThan(300);
  });
});
