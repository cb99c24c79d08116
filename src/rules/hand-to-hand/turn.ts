import { opponentOf, violation } from '../common/index.js';
import { describeStep } from './awaiting.js';
import type { HandToHandEvent } from './events.js';
import { closingEvents } from './declarations.js';
import { applied } from './evolve.js';
import { editionOf } from './edition.js';
import { attacksToResolve, declarationsClosed, type MatchState } from './state.js';

/** C-4: the turn ends only when nothing is pending; the new active side's broken units must rally first. */
export function decideEndTurn(current: MatchState): HandToHandEvent[] {
  const [pending] = current.awaiting;
  if (pending !== undefined) {
    violation(
      'C-4',
      `turn ${current.turn} cannot end while the match waits for ${describeStep(current, pending)} (${pending.ruleId})`,
    );
  }
  // declarations still open with no attack left to strike once surrender is judged (every
  // defender surrenders): ending the turn closes them, recording each surrender.
  const closing =
    editionOf(current).declareBeforeResolve &&
    !declarationsClosed(current) &&
    attacksToResolve(current).length > 0
      ? closingEvents(current)
      : [];
  // The units as the closing leaves them: a defender that surrendered takes no rally test.
  const state = applied(current, closing);
  const turn = state.turn + 1;
  const activeSide = opponentOf(state.activeSide);
  const events: HandToHandEvent[] = [
    ...closing,
    { type: 'TurnEnded', data: { endedTurn: state.turn, endedSide: state.activeSide, turn, activeSide } },
  ];
  // HH-13: "in its next phase it does not move and takes a morale test". Sorted by id, so the order
  // never depends on how a record's keys happen to be laid out (C-3).
  const broken = Object.values(state.units)
    .filter((unit) => unit.side === activeSide && unit.status === 'active' && unit.broken)
    .map((unit) => unit.unitId)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const unitId of broken) {
    events.push({ type: 'RallyTestRequired', data: { unitId, side: activeSide, turn } });
  }
  return events;
}
