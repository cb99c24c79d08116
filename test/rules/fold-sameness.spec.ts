import { longMatch } from '../../bench/verify-match.js';
import { evolveHandToHandBefore, evolveMetaBefore, MatchFoldBefore } from '../../bench/fold-before.js';
import { type FoldableEvent, MatchFold } from '../../src/match/fold.js';
import { TableDice } from '../../src/rules/common/dice.js';
import { RuleViolation } from '../../src/rules/common/rule-violation.js';
import type { Side } from '../../src/rules/common/sides.js';
import type { HandToHandEvent, HandToHandState, MatchState } from '../../src/rules/hand-to-hand/index.js';
import { handToHand } from '../../src/rules/hand-to-hand/index.js';
import {
  decideMatchLevel,
  evolveMeta,
  initialMeta,
  type MatchLevelCommand,
  type MatchMeta,
} from '../../src/rules/match/match-level.js';
import { currentRuleset } from '../../src/rules/registry.js';

/**
 * The fold was made to cost what changes rather than what the match has accumulated (a turn's end no
 * longer copies every unit; open undo requests are found without scanning closed ones; reverted
 * revisions are merged, not re-sorted). Nothing a client sees may change: long matches of both
 * rulesets are folded with the fold as it was (bench/fold-before.ts, a frozen copy of the old
 * functions) and with the fold in src/, and every state and meta after every event must be the same,
 * down to the JSON a client is sent.
 */

function compareFolds(ruleset: 'hand-to-hand' | 'atomic-africa', events: readonly FoldableEvent[]): void {
  const before = new MatchFoldBefore(currentRuleset(ruleset)!);
  const after = new MatchFold(currentRuleset(ruleset)!);
  let compared = 0;
  for (const event of events) {
    before.apply(event);
    after.apply(event);
    // JSON is what a client is sent: compared after every event (expect only on a difference, for speed);
    // toEqual after every revert and every 50th event.
    const [was, now] = [
      JSON.stringify([before.state, before.meta]),
      JSON.stringify([after.state, after.meta]),
    ];
    if (now !== was) expect(now).toBe(was);
    if (
      event.type === 'TurnEnded' ||
      event.type === 'ActionsReverted' ||
      event.metadata.revision % 25 === 0
    ) {
      expect(after.state).toEqual(before.state);
      expect(after.meta).toEqual(before.meta);
    }
    compared += 1;
  }
  expect(compared).toBe(events.length);
}

/** A deterministic PRNG (mulberry32), as the bench's generator uses. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A long atomic-africa match decided through the rules (table dice), with the match-level commands
 * a long history collects: undo requests agreed, declined and left open to lapse at a turn's end or at
 * a revert; judges' backups inside the turn, reaching over earlier reverts; disputes raised and ruled.
 */
function longAtomicAfrica(size: number): FoldableEvent[] {
  const ruleset = currentRuleset('atomic-africa')!;
  const rnd = random(size);
  const fold = new MatchFold(ruleset);
  const events: FoldableEvent[] = [];
  const append = (decided: { type: string; data: unknown }[]) => {
    for (const { type, data } of decided) {
      const event = { type, data, metadata: { revision: events.length + 1 } };
      events.push(event);
      fold.apply(event);
    }
  };
  const play = (command: { type: string } & Record<string, unknown>, faces: number[] = []): boolean => {
    try {
      append(ruleset.decider.decide(fold.state, command, new TableDice(faces)));
      return true;
    } catch (error) {
      if (error instanceof RuleViolation) return false;
      throw error;
    }
  };
  const matchLevel = (command: MatchLevelCommand, role: 'player' | 'judge', side?: Side): boolean => {
    try {
      append(
        decideMatchLevel(fold.meta, command, side ? { role, side } : { role }, {
          revision: events.length,
          serverSeed: null,
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof RuleViolation) return false;
      throw error;
    }
  };
  play({ type: 'CreateMatch', matchId: 'aa-long', sides: { A: 'Legion', B: 'Askari' }, diceMode: 'table' });
  for (const [unitId, side] of [
    ['a1', 'A'],
    ['a2', 'A'],
    ['b1', 'B'],
    ['b2', 'B'],
  ] as const) {
    play({
      type: 'RegisterUnit',
      unitId,
      name: unitId,
      side,
      unitType: 'infantry',
      movement: 6,
      firepower: 2,
    });
  }
  const activeSide = () => (fold.state as { activeSide: Side }).activeSide;
  const other = (side: Side): Side => (side === 'A' ? 'B' : 'A');
  const inTurn = (): number => {
    const from = fold.meta.turnStartedAt;
    const to = from + Math.floor(rnd() * (events.length - from));
    return fold.meta.reverted.includes(to) ? from : to;
  };
  let ids = 0;
  while (events.length < size) {
    const side = activeSide();
    const roll = rnd();
    const shooter = side === 'A' ? pickOf(rnd, ['a1', 'a2']) : pickOf(rnd, ['b1', 'b2']);
    const target = side === 'A' ? pickOf(rnd, ['b1', 'b2']) : pickOf(rnd, ['a1', 'a2']);
    if (roll < 0.4) {
      play({ type: 'RangedAttack', attackerId: shooter, targetId: target, rangeInches: 10 }, [
        1 + Math.floor(rnd() * 6),
        1 + Math.floor(rnd() * 6),
      ]);
    } else if (roll < 0.55 && events.length > fold.meta.turnStartedAt) {
      ids += 1;
      const requestId = `undo-${ids}`;
      if (matchLevel({ type: 'RequestUndo', requestId, toRevision: inTurn(), reason: 'r' }, 'player', side)) {
        const answer = rnd();
        // Otherwise it stays open, to lapse at the turn's end or at the next revert.
        if (answer < 0.4) matchLevel({ type: 'AnswerUndo', requestId, agree: true }, 'player', other(side));
        else if (answer < 0.7)
          matchLevel({ type: 'AnswerUndo', requestId, agree: false }, 'player', other(side));
      }
    } else if (roll < 0.62 && events.length > fold.meta.turnStartedAt) {
      matchLevel({ type: 'OrderBackup', toRevision: inTurn(), reason: 'judge' }, 'judge');
    } else if (roll < 0.66) {
      ids += 1;
      const disputeId = `d-${ids}`;
      if (
        matchLevel(
          { type: 'RaiseDispute', disputeId, revision: events.length, claim: 'c' },
          'player',
          side,
        ) &&
        rnd() < 0.7
      ) {
        const upheld = rnd() < 0.5 && events.length > fold.meta.turnStartedAt;
        matchLevel(
          {
            type: 'RuleDispute',
            disputeId,
            ruling: upheld ? 'upheld' : 'dismissed',
            ruleId: 'C-5',
            note: 'n',
            ...(upheld ? { backupTo: inTurn() } : {}),
          },
          'judge',
        );
      }
    } else if (roll < 0.8) {
      play({ type: 'EndTurn' });
    }
  }
  return events;
}

function pickOf<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)]!;
}

describe('the fold gives the same states as before it was made to cost what changes', () => {
  it('over a long generated hand-to-hand match, event by event', () => {
    const { events } = longMatch(15_000, 'sameness-hh');
    // The match has flags to expire and undos to lapse, so the changed paths are exercised.
    expect(events.filter((e) => e.type === 'TurnEnded').length).toBeGreaterThan(100);
    expect(events.filter((e) => e.type === 'ActionsReverted').length).toBeGreaterThan(5);
    expect(events.filter((e) => e.type === 'GroundGiven').length).toBeGreaterThan(100);
    compareFolds('hand-to-hand', events);
  });

  it('over a long atomic-africa match with undos agreed, declined and lapsed, backups and disputes', () => {
    const events = longAtomicAfrica(2_500);
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count('TurnEnded')).toBeGreaterThan(100);
    expect(count('ActionsReverted')).toBeGreaterThan(100);
    expect(count('UndoDeclined')).toBeGreaterThan(50);
    expect(count('UndoRequested') - count('UndoAgreed') - count('UndoDeclined')).toBeGreaterThan(50);
    compareFolds('atomic-africa', events);
  });

  it('evolveMeta agrees with the old one on arbitrary histories, damaged ones included', () => {
    // Not what decide would record: several open requests at once, an id answered twice, reverts in
    // any order and overlapping, bounds that are no whole numbers.
    const rnd = random(7);
    let before: MatchMeta = initialMeta();
    let after: MatchMeta = initialMeta();
    for (let revision = 1; revision <= 5_000; revision++) {
      const roll = rnd();
      const id = `r${Math.floor(rnd() * 40)}`;
      const event: { type: string; data: unknown } =
        roll < 0.25
          ? { type: 'UndoRequested', data: { requestId: id, toRevision: 1, reason: 'x', side: 'A' } }
          : roll < 0.35
            ? { type: 'UndoAgreed', data: { requestId: id, side: 'B' } }
            : roll < 0.45
              ? { type: 'UndoDeclined', data: { requestId: id, side: 'B' } }
              : roll < 0.6
                ? { type: 'TurnEnded', data: {} }
                : roll < 0.75
                  ? (() => {
                      const from = Math.floor(rnd() * revision) + (rnd() < 0.05 ? 0.5 : 0);
                      const through = from + Math.floor(rnd() * 30) - 3;
                      return {
                        type: 'ActionsReverted',
                        data: { toRevision: from - 1, fromRevision: from, throughRevision: through },
                      };
                    })()
                  : roll < 0.8
                    ? { type: 'DisputeRaised', data: { disputeId: id, revision, claim: 'c', side: 'A' } }
                    : { type: 'ImpactRolled', data: {} };
      before = evolveMetaBefore(before, event, revision, roll < 0.1 ? 1 : 0);
      after = evolveMeta(after, event, revision, roll < 0.1 ? 1 : 0);
      const [was, now] = [JSON.stringify(before), JSON.stringify(after)];
      if (now !== was) expect(now).toBe(was);
      if (revision % 250 === 0) expect(after).toEqual(before);
    }
    expect(after).toEqual(before);
    expect(after.reverted.length).toBeGreaterThan(500);
  });

  it('a meta read from a snapshot (plain JSON, never folded here) lapses its open requests the same', () => {
    let meta = initialMeta();
    for (const [revision, requestId] of [
      [1, 'a'],
      [2, 'b'],
    ] as const) {
      meta = evolveMeta(
        meta,
        { type: 'UndoRequested', data: { requestId, toRevision: 1, reason: 'x', side: 'A' } },
        revision,
        0,
      );
    }
    meta = evolveMeta(meta, { type: 'UndoDeclined', data: { requestId: 'a', side: 'B' } }, 3, 0);
    const restored = JSON.parse(JSON.stringify(meta)) as MatchMeta;
    const ended = { type: 'TurnEnded', data: {} };
    expect(evolveMeta(restored, ended, 4, 0)).toEqual(evolveMetaBefore(restored, ended, 4, 0));
    expect(evolveMeta(restored, ended, 4, 0).undoRequests.map((r) => r.status)).toEqual([
      'declined',
      'lapsed',
    ]);
  });

  it('a turn end keeps units without an expiring flag as they are, and a unit called __proto__ a plain entry', () => {
    const events: HandToHandEvent[] = [
      {
        type: 'MatchCreated',
        data: {
          matchId: 'm',
          sides: { A: 'a', B: 'b' },
          diceMode: 'table',
          diceCommitment: null,
          parameters: handToHand.decider.initialState() as never,
          ruleset: { id: 'hand-to-hand', version: '1', hash: 'h' },
          turn: 1,
          activeSide: 'A',
        } as never,
      },
      ...['__proto__', 'constructor', 'u1', '2'].map(
        (unitId) =>
          ({
            type: 'UnitRegistered',
            data: { unitId, name: unitId, side: 'A', morale: 9, move: 6 },
          }) as HandToHandEvent,
      ),
      { type: 'AttackerVictorious', data: { unitId: '__proto__', inTurn: 1 } } as HandToHandEvent,
      { type: 'AttackerVictorious', data: { unitId: 'u1', inTurn: 2 } } as HandToHandEvent,
    ];
    let before: HandToHandState = handToHand.decider.initialState();
    let after: HandToHandState = handToHand.decider.initialState();
    for (const event of events) {
      before = evolveHandToHandBefore(before, event);
      after = handToHand.decider.evolve(after, event);
    }
    const ended = {
      type: 'TurnEnded',
      data: { endedTurn: 1, endedSide: 'A', turn: 2, activeSide: 'B' },
    } as const;
    const was = after as MatchState;
    before = evolveHandToHandBefore(before, ended);
    after = handToHand.decider.evolve(after, ended);
    const now = after as MatchState;
    expect(now).toEqual(before);
    expect(JSON.stringify(now)).toBe(JSON.stringify(before));
    expect(Object.keys(now.units)).toEqual(Object.keys((before as MatchState).units));
    expect(Object.getPrototypeOf(now.units)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(now.units, '__proto__')).toBe(true);
    expect(now.units['__proto__']!.victoriousInTurn).toBeNull();
    expect(now.units['u1']).toBe(was.units['u1']);
    expect(now.units['constructor']).toBe(was.units['constructor']);
    // A second turn end with nothing left to expire keeps the units map itself.
    const again = handToHand.decider.evolve(after, { ...ended, data: { ...ended.data, turn: 2 } });
    expect((again as MatchState).units).toBe(now.units);
  });
});
