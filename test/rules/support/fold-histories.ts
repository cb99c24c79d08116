import { createHash } from 'node:crypto';
import { type FoldableEvent, MatchFold } from '../../../src/match/fold.js';
import { TableDice } from '../../../src/rules/common/dice.js';
import { RuleViolation } from '../../../src/rules/common/rule-violation.js';
import type { Side } from '../../../src/rules/common/sides.js';
import type { HandToHandEvent } from '../../../src/rules/hand-to-hand/index.js';
import { handToHand } from '../../../src/rules/hand-to-hand/index.js';
import { decideMatchLevel, type MatchLevelCommand } from '../../../src/rules/match/match-level.js';
import { currentRuleset } from '../../../src/rulesets/registry.js';

/**
 * The histories the fold-sameness test folds, generated the same every time (seeded), so that the
 * states they fold to could be recorded once (test/rules/fixtures/fold-sameness.json) and every later
 * fold compared to them.
 */

/** A deterministic PRNG (mulberry32), as the bench's generator uses. */
export function random(seed: number): () => number {
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
export function longAtomicAfrica(size: number): FoldableEvent[] {
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

/**
 * Arbitrary match-level histories, damaged ones included: not what decide would record (several open
 * requests at once, an id answered twice, reverts in any order and overlapping, bounds that are no
 * whole numbers). Each step: the event, its revision and the undo reach evolveMeta is given.
 */
export function* arbitraryMetaHistory(
  size: number,
): Generator<{ event: { type: string; data: unknown }; revision: number; reach: number }> {
  const rnd = random(7);
  for (let revision = 1; revision <= size; revision++) {
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
    yield { event, revision, reach: roll < 0.1 ? 1 : 0 };
  }
}

/**
 * A hand-to-hand history whose units are named like Object.prototype's own keys, two of them with
 * a flag that a turn's end expires, and the turn end that follows it.
 */
export function prototypeNamedUnits(): { events: HandToHandEvent[]; turnEnd: HandToHandEvent } {
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
  const turnEnd = {
    type: 'TurnEnded',
    data: { endedTurn: 1, endedSide: 'A', turn: 2, activeSide: 'B' },
  } as HandToHandEvent;
  return { events, turnEnd };
}

/**
 * A digest of a fold's every step: each step's JSON (what a client is sent) chained into SHA-256, the
 * chain's head noted every `every` steps, so that a difference is found to within one window.
 */
export class StepDigest {
  private head = '';
  private steps = 0;
  readonly windows: string[] = [];

  constructor(private readonly every: number) {}

  add(json: string): void {
    this.head = createHash('sha256').update(this.head).update(json).digest('hex');
    this.steps += 1;
    if (this.steps % this.every === 0) this.windows.push(this.head.slice(0, 16));
  }

  /** The windows' heads and the last step's head. */
  result(): { steps: number; windows: string[]; last: string } {
    return { steps: this.steps, windows: [...this.windows], last: this.head };
  }
}
