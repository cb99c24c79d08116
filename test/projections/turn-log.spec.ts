import { MATCH_LEVEL_EVENT_TYPES } from '../../src/rules/match/events.js';
import { allRulesets } from '../../src/rulesets/registry.js';
import { projectionsOn, type Harness } from './support/harness.js';
import { Table } from './support/table.js';
import { everyAtomicAfricaStep, everyHandToHandStep, everyMatchLevelStep } from './support/scenarios.js';

/**
 * The turn log (projection 1): one plain sentence per step, with dice, modifiers and rule ids, in the
 * units' and sides' own names, for every event either ruleset records and every match-level event.
 */
describe('turn log', () => {
  let h: Harness;
  beforeEach(() => {
    h = projectionsOn();
  });
  afterEach(async () => h.stop());

  async function log(matchId: string) {
    expect(await h.runner.caughtUp()).toBe(true);
    return h.turnLog.entries(matchId);
  }

  /** The Impi's charge on the NNC, made and its willpower test passed: the revisions before and after it. */
  async function chargedMatch(matchId: string) {
    const t = await Table.create(h.store, matchId, 'hand-to-hand', { A: 'Zulus', B: 'British' });
    await t.play({ type: 'RegisterUnit', unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    await t.play({ type: 'RegisterUnit', unitId: 'nnc', name: 'NNC', side: 'B', morale: 7, move: 6 });
    const before = await t.revision();
    const charge = { chargeId: 'c1', attackerId: 'impi', defenderId: 'nnc', aspect: 'front', slope: 'level' };
    await t.as('A', { type: 'Charge', ...charge }, [1, 2]);
    return { t, before, charged: await t.revision() };
  }

  it('E-1 HH-7 HH-8 the Impi’s charge downhill into the NNC’s flank reads as the rulebook would', async () => {
    await everyHandToHandStep(h.store);
    const sentences = (await log('hh-all')).map((e) => e.sentence);
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Turn 1: the Impi charged the NNC in the left flank from below.',
        "Turn 1: the Impi's willpower test: 2D6 2+3 = 5 ≤ 8, passed.",
        "Turn 1: the Impi's impact on the NNC: 1D6 4 +1 charge +1 flank −1 downhill = 5.",
        "Turn 1: the NNC's morale test: morale 7 − impact 5 = 2; 2D6 2+4 = 6, 4 over: Reform.",
      ]),
    );
  });

  it('HH-7 HH-8 each step carries its dice and rule ids', async () => {
    await everyHandToHandStep(h.store);
    const entries = await log('hh-all');
    const impact = entries.find((e) => e.type === 'ImpactRolled')!;
    expect(impact.ruleIds).toEqual(expect.arrayContaining(['HH-7', 'Q-14']));
    expect(impact.dice).toEqual([
      expect.objectContaining({ purpose: expect.any(String), faces: [4], origin: 'table' }),
    ]);
    const morale = entries.find((e) => e.type === 'MoraleTested')!;
    expect(morale.ruleIds).toEqual(expect.arrayContaining(['HH-8', 'HH-2', 'HH-3', 'HH-11']));
    expect(morale.dice[0]!.faces).toEqual([2, 4]);
  });

  it('C-4 every event type of hand-to-hand, atomic-africa and the match itself has a sentence of its own', async () => {
    const hh = await everyHandToHandStep(h.store);
    await everyMatchLevelStep(hh);
    await everyAtomicAfricaStep(h.store);
    const entries = [...(await log('hh-all')), ...(await log('aa-all'))];

    const seen = (types: readonly string[]) => types.filter((type) => entries.some((e) => e.type === type));
    for (const types of [...allRulesets().map((r) => r.eventTypes), [...MATCH_LEVEL_EVENT_TYPES]]) {
      expect(seen(types)).toEqual([...types]);
    }
    for (const entry of entries) {
      expect(entry.sentence).not.toMatch(/was recorded\.$/);
      expect(entry.sentence).not.toMatch(/undefined|null|NaN|\[object/);
    }
  });

  it('the log names units and sides by their names, never by their ids', async () => {
    await everyHandToHandStep(h.store);
    const entries = await log('hh-all');
    expect(entries[0]!.sentence).toBe(
      'The match began: Zulus (side A) against British (side B), under hand-to-hand 2.1.0, with table dice entered by the players; first to play: Zulus.',
    );
    expect(entries.map((e) => e.sentence).join('\n')).not.toMatch(/\b(impi|nnc|c1|zulu2)\b/);
    expect(entries.find((e) => e.type === 'DefenderSurrendered')!.sentence).toBe(
      'Turn 1: the 24th Foot, contacted on its left flank and right flank and not to its front, surrendered at once.',
    );
    expect(entries.find((e) => e.type === 'UnitWithdrew')!.sentence).toBe(
      'Turn 2: the Rorke’s Drift withdrew from contact with the uDloko, off the table.',
    );
    expect(entries.find((e) => e.type === 'TurnEnded')!.sentence).toBe(
      'Turn 1: Zulus ended their turn; turn 2: British to play.',
    );
  });

  it('C-5 given disputes and undo requests, when the log words them, then they read by side and event, not by their ids', async () => {
    const t = await everyHandToHandStep(h.store);
    await everyMatchLevelStep(t);
    const sentences = (await log('hh-all')).map((e) => e.sentence);
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Turn 2: British disputed event 3: “the dice were 3 and 4”.',
        "Turn 2: the judge dismissed British's dispute of event 3 under C-1: “the photo shows 3 and 1”.",
        'Turn 2: British declined the undo request.',
        'Turn 2: British agreed to the undo request.',
      ]),
    );
    expect(sentences.filter((s) => /\bu[12]\b|\bd1\b/.test(s))).toEqual([]);
  });

  it('C-5 given a claim, a reason and a ruling’s note that end their own sentences, when the log quotes them, then no second full stop follows', async () => {
    const { t, before, charged } = await chargedMatch('hh-stops');
    await t.record(
      {
        type: 'DisputeRaised',
        data: { disputeId: 'd1', revision: charged, claim: 'It was out of range.', side: 'B' },
      },
      { role: 'player', side: 'B' },
    );
    await t.record(
      {
        type: 'UndoRequested',
        data: { requestId: 'u1', toRevision: before, reason: 'Wrong unit!', side: 'A' },
      },
      { role: 'player', side: 'A' },
    );
    await t.record({
      type: 'DisputeRuled',
      data: {
        disputeId: 'd1',
        ruling: 'dismissed',
        ruleId: 'HH-6',
        note: 'Both agreed it at the table.',
        backupTo: null,
      },
    });
    const sentences = (await log('hh-stops')).map((e) => e.sentence);
    expect(sentences).toEqual(
      expect.arrayContaining([
        `Turn 1: British disputed event ${charged}: “It was out of range.”`,
        `Turn 1: Zulus asked to undo back to event ${before}: “Wrong unit!”`,
        `Turn 1: the judge dismissed British's dispute of event ${charged} under HH-6: “Both agreed it at the table.”`,
      ]),
    );
  });

  it('C-5 given a charge and then a dispute, a request and its answer, when the undo goes back before the charge, then its line counts the charge’s events, not the records after them', async () => {
    const { t, before, charged } = await chargedMatch('hh-undo-range');
    expect(charged).toBeGreaterThan(before + 1);
    await t.record(
      {
        type: 'DisputeRaised',
        data: { disputeId: 'd1', revision: charged, claim: 'out of range', side: 'B' },
      },
      { role: 'player', side: 'B' },
    );
    await t.record(
      {
        type: 'UndoRequested',
        data: { requestId: 'u1', toRevision: before, reason: 'wrong unit', side: 'A' },
      },
      { role: 'player', side: 'A' },
    );
    await t.record(
      { type: 'UndoAgreed', data: { requestId: 'u1', side: 'B' } },
      { role: 'player', side: 'B' },
    );
    const now = await t.revision();
    await t.record({
      type: 'ActionsReverted',
      data: {
        toRevision: before,
        fromRevision: before + 1,
        throughRevision: now,
        reason: 'wrong unit',
        requestedBy: 'A',
        agreedBy: 'B',
        orderedBy: 'players',
        requestId: 'u1',
        disputeId: null,
      },
    });

    const revert = (await log('hh-undo-range')).find((e) => e.type === 'ActionsReverted')!;
    expect(revert.sentence).toBe(
      `Turn 1: events ${before + 1} to ${charged} were undone, back to the match as it stood after event ${before} (asked by Zulus, agreed by British): “wrong unit”; they stay in the log, with the faces rolled for them at the table.`,
    );
  });

  it('C-5 given a dispute upheld with a backup, when the log words the backup, then it names the dispute by side and event and quotes the judge’s note alone', async () => {
    const { t, before, charged } = await chargedMatch('hh-upheld');
    const disputeId = 't-8a3612ef-6fe3-41f3-980b-8a2a478efad0';
    await t.record(
      { type: 'DisputeRaised', data: { disputeId, revision: charged, claim: 'out of range', side: 'B' } },
      { role: 'player', side: 'B' },
    );
    const note = 'the tape says 7 inches';
    await t.record({
      type: 'DisputeRuled',
      data: { disputeId, ruling: 'upheld', ruleId: 'HH-6', note, backupTo: before },
    });
    const now = await t.revision();
    await t.record({
      type: 'ActionsReverted',
      data: {
        toRevision: before,
        fromRevision: before + 1,
        throughRevision: now,
        reason: `dispute ${disputeId} upheld: ${note}`,
        requestedBy: 'judge',
        agreedBy: null,
        orderedBy: 'judge',
        requestId: null,
        disputeId,
      },
    });

    const revert = (await log('hh-upheld')).find((e) => e.type === 'ActionsReverted')!;
    expect(revert.sentence).toBe(
      `Turn 1: events ${before + 1} to ${charged} were undone, back to the match as it stood after event ${before} (ordered by the judge on British's dispute of event ${charged}): “${note}”; they stay in the log, with the faces rolled for them at the table.`,
    );
  });

  it('C-5 given an undo request left open, when its turn ends or a judge reverts the match, then that line says it lapsed', async () => {
    const t = await Table.create(h.store, 'hh-lapse', 'hand-to-hand', { A: 'Zulus', B: 'British' });
    await t.play({ type: 'RegisterUnit', unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    await t.play({ type: 'RegisterUnit', unitId: 'nnc', name: 'NNC', side: 'B', morale: 7, move: 6 });
    const start = await t.revision();
    const ask = (requestId: string, side: 'A' | 'B') =>
      t.record(
        { type: 'UndoRequested', data: { requestId, toRevision: start, reason: 'wrong unit', side } },
        { role: 'player', side },
      );
    await ask('u1', 'A');
    await t.as('A', { type: 'EndTurn' });
    await ask('u2', 'B');
    const now = await t.revision();
    await t.record({
      type: 'ActionsReverted',
      data: {
        toRevision: now - 1,
        fromRevision: now,
        throughRevision: now,
        reason: 'the judge backs it up',
        requestedBy: 'judge',
        agreedBy: null,
        orderedBy: 'judge',
        requestId: null,
        disputeId: null,
      },
    });
    await ask('u3', 'B');
    await t.record(
      { type: 'UndoDeclined', data: { requestId: 'u3', side: 'A' } },
      { role: 'player', side: 'A' },
    );
    await t.as('B', { type: 'EndTurn' });

    const entries = await log('hh-lapse');
    const lapsed = entries.filter((e) => /lapsed/.test(e.sentence));
    expect(lapsed.map((e) => e.type)).toEqual(['TurnEnded', 'ActionsReverted']);
    expect(lapsed[0]!.sentence).toMatch(/The undo request of Zulus lapsed unanswered\.$/);
    expect(lapsed[1]!.sentence).toMatch(/The undo request of British lapsed unanswered\.$/);
    expect(lapsed.every((e) => e.ruleIds.includes('C-5'))).toBe(true);
  });

  it('C-5 an undo marks the steps it reverts, and the turn goes back with it', async () => {
    const t = await everyHandToHandStep(h.store);
    await everyMatchLevelStep(t);
    const entries = await log('hh-all');
    const revert = entries.find((e) => e.type === 'ActionsReverted')!;
    // Its range holds only the match's own records (a seed, the requests and their answers): they stand,
    // and the line counts no game event as undone.
    expect(revert.sentence).toMatch(
      /^Turn 2: the match went back to how it stood after event \d+, as it already stood \(asked by Zulus, agreed by British\): “misread”; no game event was undone\.$/,
    );
    const range = entries.filter((e) => e.revision > revert.revision - 6 && e.revision < revert.revision);
    expect(range.map((e) => e.type)).toEqual([
      'ClientSeedAdded',
      'UndoRequested',
      'UndoDeclined',
      'UndoRequested',
      'UndoAgreed',
    ]);
    expect(entries.filter((e) => e.reverted)).toEqual([]);
    expect(entries.find((e) => e.type === 'MatchEnded')!.sentence).toBe(
      'Turn 2: the match ended: Zulus won (the square broke).',
    );
  });

  it('AA-2 the stored log never holds a sealed card before its reveal, and shows it once revealed', async () => {
    await everyAtomicAfricaStep(h.store);
    const entries = await log('aa-all');
    const sealed = entries.filter((e) => e.type === 'OrderSealed');
    expect(sealed).toHaveLength(6);
    for (const entry of sealed) {
      expect(entry.sentence).toMatch(/sealed (an orders card for|the orders of) the /);
      expect(entry.sentence).not.toMatch(/[♠♥♦♣]|spades|hearts|clubs|diamonds/);
      expect(entry.privateFor).toHaveLength(1);
    }
    const dump = JSON.stringify(h.turnLog.dump());
    // The raw rows hold no card either, in any form, until the reveals (which are public by then).
    const beforeReveal = (
      h.turnLog.dump() as { entries: { type: string; sentence: string }[] }
    ).entries.filter((e) => e.type === 'OrderSealed');
    expect(JSON.stringify(beforeReveal)).not.toMatch(/spades|hearts|clubs|♠|♥|♣/);
    expect(dump).toContain('orders card was revealed: 7♠');
    const flee = entries.find((e) => e.type === 'FleeJudged')!;
    expect(flee.sentence).toBe(
      "Turn 2: the Rifles' flee stands: the card allows movement and shows defensive posture.",
    );
  });

  it('AA-10 AA-11 attacks read with their dice, hits and threshold', async () => {
    await everyAtomicAfricaStep(h.store);
    const entries = await log('aa-all');
    expect(entries.find((e) => e.type === 'CloseCombatAttackForgone')!.sentence).toBe(
      'Turn 2: the Askari Company could not attack the Rifles: 30" is beyond range.',
    );
    expect(entries.find((e) => e.type === 'RangedAttackRolled')!.sentence).toBe(
      'Turn 3: the Mortars fired at the Maxim Team at 10" (2 hits to suppress): 2D6 4 5, hitting on 4+: 2 hits, suppressed.',
    );
  });
});
