import { opponentOf, violation } from '../common/index.js';
import { describeStep } from './awaiting.js';
import type { HandToHandEvent } from './events.js';
import type { MatchState } from './state.js';

/** C-4: the turn ends only when nothing is pending; the new active side's broken units must rally first. */
export function decideEndTurn(state: MatchState): HandToHandEvent[] {
  const [pending] = state.awaiting;
  if (pending !== undefined) {
    violation(
      'C-4',
      `turn ${state.turn} cannot end while the match waits for ${describeStep(pending)} (${pending.ruleId})`,
    );
  }
  const turn = state.turn + 1;
  const activeSide = opponentOf(state.activeSide);
  const events: HandToHandEvent[] = [
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
