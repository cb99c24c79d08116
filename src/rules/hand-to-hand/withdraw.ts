import { violation } from '../common/index.js';
import { requireNothingAwaited } from './awaiting.js';
import type { Withdraw } from './commands.js';
import { editionOf } from './edition.js';
import type { HandToHandEvent, UnitWithdrew } from './events.js';
import { requireBoolean, requireText } from './input.js';
import { isRestricted, requireActiveUnit, type MatchState } from './state.js';

/** HH-15: a unit may withdraw from contact in its own movement; off the table, it is lost. */
export function decideWithdraw(state: MatchState, command: Withdraw): HandToHandEvent[] {
  const unitId = requireText(command.unitId, 'unitId');
  const leftTable = requireBoolean(command.leftTable, 'leftTable');
  requireNothingAwaited(state);
  const unit = requireActiveUnit(state, unitId);
  if (unit.side !== state.activeSide) {
    violation(
      'C-4',
      `${unit.name} is of ${state.sides[unit.side]}; only ${state.sides[state.activeSide]} move in turn ${state.turn}`,
    );
  }
  // HH-4: movement comes before the melee phase; once a charge is declared this turn, it is over.
  if (state.charges.length > 0) {
    violation('HH-4', `the melee phase of turn ${state.turn} has begun; withdrawal happens in movement`);
  }
  if (isRestricted(unit.cannotMove, state.turn)) {
    violation(unit.cannotMove.ruleId, `${unit.name} may not move in turn ${state.turn}`);
  }
  if (unit.contacts.length === 0) violation('HH-15', `${unit.name} is not in contact with an enemy`);
  const withdrew: UnitWithdrew['data'] = {
    unitId,
    leftTable,
    brokeContactWith: unit.contacts.map((contact) => contact.unitId),
  };
  // no charge in this turn's melee phase. Out of contact until the enemy's turn, the unit could
  // make no other attack this turn, so barring its attacks bars exactly its charges.
  if (editionOf(state).noChargeAfterWithdrawal && !leftTable) {
    withdrew.restrictions = [{ restriction: 'attack', inTurn: state.turn, ruleId: 'Q-19' }];
  }
  const events: HandToHandEvent[] = [{ type: 'UnitWithdrew', data: withdrew }];
  if (leftTable) {
    events.push({ type: 'UnitRemoved', data: { unitId, reason: 'left-the-table', ruleId: 'HH-15' } });
  }
  return events;
}
