import { atomicAfrica } from '../../src/rules/atomic-africa/index.js';
import { handToHand, type HandToHandEvent } from '../../src/rules/hand-to-hand/index.js';
import { spec } from '../support/decider-spec.js';
import * as aaEvents from '../support/given-events/atomic-africa.js';
import { standardTable } from '../support/given-events/hand-to-hand.js';
import { charge, endTurn, rollImpact, WILL_PASS } from './hand-to-hand/fixtures.js';

/** A refusal is read by the players at the table: it names units and sides as they were registered. */
const NAMES: Record<string, string> = {
  Z1: 'uDloko regiment',
  N1: 'Natal Native Contingent',
  A1: 'Legion rifles',
};

function named<E extends { type: string; data: unknown }>(events: E[]): E[] {
  return events.map((event) => {
    if (event.type !== 'UnitRegistered') return event;
    const data = event.data as { unitId: string; name: string };
    return { ...event, data: { ...data, name: NAMES[data.unitId] ?? data.name } };
  });
}

describe('refusals name units and sides as registered', () => {
  const hh = spec(handToHand);
  const table = named<HandToHandEvent>(standardTable());

  it('C-4 given units registered by name, when a unit of the side not to act charges, then the refusal names the unit and both sides', () => {
    const refusal = hh
      .given(table)
      .when(charge('C1', 'N1', 'Z1'), WILL_PASS)
      .thenRefuses('C-4');
    expect(refusal.message).toBe('C-4: Natal Native Contingent is of British; only Zulus attack in turn 1');
    expect(refusal.message).not.toMatch(/\bN1\b|\bZ1\b|side [AB]/);
  });

  it('HH-8 given a charge awaiting its impact roll, when the turn is ended, then the refusal names the attack by its units', () => {
    const charged = [
      ...table,
      ...hh
        .given(table)
        .when(charge('C1', 'Z1', 'N1'), WILL_PASS)
        .then(() => {}),
    ];
    const refusal = hh.given(charged).when(endTurn).thenRefuses('C-4');
    expect(refusal.message).toBe(
      "C-4: turn 1 cannot end while the match waits for the impact roll of uDloko regiment's attack on Natal Native Contingent (Zulus) (HH-7)",
    );
    const struck = [
      ...charged,
      ...hh
        .given(charged)
        .when(rollImpact('C1'), [3])
        .then(() => {}),
    ];
    expect(hh.given(struck).when(endTurn).thenRefuses('C-4').message).toContain(
      'the melee morale test of Natal Native Contingent (British)',
    );
  });

  it('AA-4 given units registered by name, when a unit not in close combat declares, then the refusal names it', () => {
    const aa = spec(atomicAfrica);
    const events = named([
      aaEvents.matchCreated(),
      aaEvents.unitRegistered('A1', 'A'),
      aaEvents.unitRegistered('B1', 'B'),
    ]);
    const refusal = aa
      .given(events)
      .when({ type: 'DeclareIntent', unitId: 'A1', intent: 'fight' })
      .thenRefuses('AA-4', 'conflict');
    expect(refusal.message).toBe('AA-4: Legion rifles is not in close combat');
  });
});
