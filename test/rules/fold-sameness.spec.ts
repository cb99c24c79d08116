import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { longMatch } from '../../bench/verify-match.js';
import { type FoldableEvent, MatchFold } from '../../src/match/fold.js';
import type { HandToHandState, MatchState } from '../../src/rules/hand-to-hand/index.js';
import { handToHand } from '../../src/rules/hand-to-hand/index.js';
import { evolveMeta, initialMeta, type MatchMeta } from '../../src/rules/match/match-level.js';
import { currentRuleset } from '../../src/rulesets/registry.js';
import {
  arbitraryMetaHistory,
  longAtomicAfrica,
  prototypeNamedUnits,
  StepDigest,
} from './support/fold-histories.js';

/**
 * The fold was made to cost what changes rather than what the match has accumulated (a turn's end no
 * longer copies every unit; open undo requests are found without scanning closed ones; reverted
 * revisions are merged, not re-sorted). Nothing a client sees may change: the fold as it was recorded
 * what it gave for these histories (test/rules/fixtures/fold-sameness.json: the JSON a client is sent
 * after every event, chained into digests noted every 100 events), and the fold in src/ must give the
 * very same, down to the byte.
 */

interface Recorded {
  inputs: string;
  steps: number;
  windows: string[];
  last: string;
}

const RECORDED = JSON.parse(
  readFileSync(new URL('./fixtures/fold-sameness.json', import.meta.url), 'utf8'),
) as {
  handToHand: Recorded;
  atomicAfrica: Recorded;
  arbitraryMeta: Recorded & { finalReverted: number };
  snapshotMetaTurnEnd: MatchMeta;
  prototypeNamedUnitsTurnEnd: { json: string; unitKeys: string[] };
};

/** The digest of the histories' inputs: a changed generator is named as such, not as a changed fold. */
function inputsOf(events: readonly FoldableEvent[]): string {
  return createHash('sha256')
    .update(JSON.stringify(events.map((e) => [e.type, e.data, e.metadata.revision])))
    .digest('hex');
}

/** The first window (of `every` steps) whose digest differs from the recorded one, if any. */
function firstDifference(now: Recorded, recorded: Recorded, every: number): string | undefined {
  const at = now.windows.findIndex((window, i) => window !== recorded.windows[i]);
  if (at >= 0) return `the states first differ between steps ${at * every + 1} and ${(at + 1) * every}`;
  if (now.last !== recorded.last || now.steps !== recorded.steps) return 'the last steps differ';
  return undefined;
}

function compareFold(
  ruleset: 'hand-to-hand' | 'atomic-africa',
  events: readonly FoldableEvent[],
  recorded: Recorded,
) {
  expect(inputsOf(events)).toBe(recorded.inputs);
  const fold = new MatchFold(currentRuleset(ruleset)!);
  const digest = new StepDigest(100);
  for (const event of events) {
    fold.apply(event);
    digest.add(JSON.stringify([fold.state, fold.meta]));
  }
  expect(firstDifference({ inputs: recorded.inputs, ...digest.result() }, recorded, 100)).toBeUndefined();
}

describe('the fold gives the same states as before it was made to cost what changes', () => {
  it('over a long generated hand-to-hand match, event by event', () => {
    const { events } = longMatch(15_000, 'sameness-hh');
    // The match has flags to expire and undos to lapse, so the changed paths are exercised.
    expect(events.filter((e) => e.type === 'TurnEnded').length).toBeGreaterThan(100);
    expect(events.filter((e) => e.type === 'ActionsReverted').length).toBeGreaterThan(5);
    expect(events.filter((e) => e.type === 'GroundGiven').length).toBeGreaterThan(100);
    compareFold('hand-to-hand', events, RECORDED.handToHand);
  });

  it('over a long atomic-africa match with undos agreed, declined and lapsed, backups and disputes', () => {
    const events = longAtomicAfrica(2_500);
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count('TurnEnded')).toBeGreaterThan(100);
    expect(count('ActionsReverted')).toBeGreaterThan(100);
    expect(count('UndoDeclined')).toBeGreaterThan(50);
    expect(count('UndoRequested') - count('UndoAgreed') - count('UndoDeclined')).toBeGreaterThan(50);
    compareFold('atomic-africa', events, RECORDED.atomicAfrica);
  });

  it('evolveMeta agrees with the old one on arbitrary histories, damaged ones included', () => {
    let meta: MatchMeta = initialMeta();
    const digest = new StepDigest(250);
    for (const { event, revision, reach } of arbitraryMetaHistory(5_000)) {
      meta = evolveMeta(meta, event, revision, reach);
      digest.add(JSON.stringify(meta));
    }
    const recorded = RECORDED.arbitraryMeta;
    expect(firstDifference({ inputs: '', ...digest.result() }, recorded, 250)).toBeUndefined();
    expect(meta.reverted.length).toBe(recorded.finalReverted);
    expect(meta.reverted.length).toBeGreaterThan(500);
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
    const ended = evolveMeta(restored, { type: 'TurnEnded', data: {} }, 4, 0);
    expect(ended).toEqual(RECORDED.snapshotMetaTurnEnd);
    expect(JSON.stringify(ended)).toBe(JSON.stringify(RECORDED.snapshotMetaTurnEnd));
    expect(ended.undoRequests.map((r) => r.status)).toEqual(['declined', 'lapsed']);
  });

  it('a turn end keeps units without an expiring flag as they are, and a unit called __proto__ a plain entry', () => {
    const { events, turnEnd } = prototypeNamedUnits();
    let state: HandToHandState = handToHand.decider.initialState();
    for (const event of events) state = handToHand.decider.evolve(state, event);
    const was = state as MatchState;
    const now = handToHand.decider.evolve(state, turnEnd) as MatchState;
    expect(JSON.stringify(now)).toBe(RECORDED.prototypeNamedUnitsTurnEnd.json);
    expect(Object.keys(now.units)).toEqual(RECORDED.prototypeNamedUnitsTurnEnd.unitKeys);
    expect(Object.getPrototypeOf(now.units)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(now.units, '__proto__')).toBe(true);
    expect(now.units['__proto__']!.victoriousInTurn).toBeNull();
    expect(now.units['u1']).toBe(was.units['u1']);
    expect(now.units['constructor']).toBe(was.units['constructor']);
    // A second turn end with nothing left to expire keeps the units map itself.
    const again = handToHand.decider.evolve(now, {
      ...turnEnd,
      data: { ...(turnEnd.data as object), turn: 2 },
    } as typeof turnEnd);
    expect((again as MatchState).units).toBe(now.units);
  });
});
