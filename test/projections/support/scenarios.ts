import type { EventStore } from '../../../src/event-store/event-store.port.js';
import { orderCommitment } from '../../../src/rules/atomic-africa/index.js';
import { Table } from './table.js';

type Card = { rank: string; suit: string } | { joker: 'red' | 'black' };
export const card = (rank: string, suit: string): Card => ({ rank, suit });

/**
 * A hand-to-hand match (the current version, 2.1.0) that records every event type of the ruleset: E-1's
 * charge downhill into a flank, a faltering charge, a surrender on both flanks and the attacks that end
 * without an impact, a reform stuck three times, a break and its rally, a withdrawal off the table.
 */
export async function everyHandToHandStep(store: EventStore, matchId = 'hh-all'): Promise<Table> {
  const t = await Table.create(store, matchId, 'hand-to-hand', { A: 'Zulus', B: 'British' });
  const units: [string, string, 'A' | 'B', number][] = [
    ['impi', 'Impi', 'A', 8],
    ['runner', 'uMbonambi', 'A', 8],
    ['left', 'Left Horn', 'A', 8],
    ['right', 'Right Horn', 'A', 8],
    ['legion', 'uNokhenke', 'A', 8],
    ['zulu2', 'iNgobamakhosi', 'A', 8],
    ['guard', 'uDloko', 'A', 8],
    ['nnc', 'NNC', 'B', 7],
    ['scouts', 'Scouts', 'B', 6],
    ['square', '24th Foot', 'B', 9],
    ['band', 'Natal Carbineers', 'B', 9],
    ['weak', 'Levies', 'B', 6],
    ['rock', 'Rorke’s Drift', 'B', 10],
  ];
  for (const [unitId, name, side, morale] of units) {
    await t.play({ type: 'RegisterUnit', unitId, name, side, morale, move: 6 });
  }
  const charge = (
    chargeId: string,
    attackerId: string,
    defenderId: string,
    aspect: string,
    slope: string,
  ) => ({
    type: 'Charge',
    chargeId,
    attackerId,
    defenderId,
    aspect,
    slope,
  });
  // side A declares every attack of its melee phase first, each willpower test as it is declared.
  // E-1, in the flank: willpower 2+3 = 5 ≤ 8.
  await t.as('A', charge('c1', 'impi', 'nnc', 'left-flank', 'downhill'), [2, 3]);
  // 6+5 = 11 > 8, the charge falters.
  await t.as('A', charge('c2', 'runner', 'scouts', 'front', 'level'), [6, 5]);
  // HH-9: contacted on both flanks.
  await t.as('A', charge('c3', 'left', 'square', 'left-flank', 'level'), [1, 2]);
  await t.as('A', charge('c4', 'right', 'square', 'right-flank', 'level'), [2, 1]);
  await t.as('A', charge('c5', 'legion', 'band', 'front', 'level'), [1, 2]);
  await t.as('A', charge('c6', 'zulu2', 'weak', 'front', 'level'), [1, 2]);
  await t.as('A', charge('c7', 'guard', 'rock', 'front', 'uphill'), [1, 1]);
  // The first impact roll closes the declarations: the square surrenders before it. Impact 4 +1 charge
  // +1 flank −1 downhill = 5; NNC 7 − 5 = 2, rolls 2+4 = 6, 4 over: Reform. The attacks on the square
  // then end without an impact.
  await t.as('A', { type: 'RollImpact', chargeId: 'c1' }, [4]);
  await t.as('B', { type: 'TakeMoraleTest', unitId: 'nnc', cause: 'melee' }, [2, 4]);
  await t.as('B', { type: 'ReportGiveGround', unitId: 'nnc', couldMove: true, leftTable: false });
  // HH-11: stuck in reform three times in a row, then surrenders.
  for (let round = 0; round < 3; round++) {
    await t.as('A', { type: 'RollImpact', chargeId: 'c5' }, [2]);
    await t.as('B', { type: 'TakeMoraleTest', unitId: 'band', cause: 'melee' }, [3, 6]);
    await t.as('B', { type: 'ReportGiveGround', unitId: 'band', couldMove: false, leftTable: false });
  }
  // HH-13: a break, then the rally test in the owner's next turn.
  await t.as('A', { type: 'RollImpact', chargeId: 'c6' }, [5]);
  await t.as('B', { type: 'TakeMoraleTest', unitId: 'weak', cause: 'melee' }, [3, 5]);
  await t.as('B', { type: 'ReportGiveGround', unitId: 'weak', couldMove: true, leftTable: false });
  // A defender that holds stays in contact.
  await t.as('A', { type: 'RollImpact', chargeId: 'c7' }, [1]);
  await t.as('B', { type: 'TakeMoraleTest', unitId: 'rock', cause: 'melee' }, [1, 2]);
  await t.as('A', { type: 'EndTurn' });
  await t.as('B', { type: 'TakeMoraleTest', unitId: 'weak', cause: 'rally' }, [2, 3]);
  // HH-15: a withdrawal off the table loses the unit.
  await t.as('B', { type: 'Withdraw', unitId: 'rock', leftTable: true });
  return t;
}

/**
 * An atomic-africa match that records every event type of the ruleset: contacts, close combats that
 * begin, sealed orders in the open (the rules' own form), declarations, reveals, a flee that stands and
 * escapes out of range, a fight on both sides, a ranged attack.
 */
export async function everyAtomicAfricaStep(store: EventStore, matchId = 'aa-all'): Promise<Table> {
  const t = await Table.create(store, matchId, 'atomic-africa', { A: 'Legion', B: 'Askari' });
  const units: [string, string, 'A' | 'B'][] = [
    ['a1', 'Rifles', 'A'],
    ['a2', 'Grenadiers', 'A'],
    ['a3', 'Mortars', 'A'],
    ['b1', 'Askari Company', 'B'],
    ['b2', 'Ruga-Ruga', 'B'],
    ['b3', 'Maxim Team', 'B'],
  ];
  for (const [unitId, name, side] of units) {
    await t.play({
      type: 'RegisterUnit',
      unitId,
      name,
      side,
      unitType: 'infantry',
      movement: 6,
      firepower: 2,
    });
  }
  await t.as('A', { type: 'ReportContact', unitId: 'a1', enemyId: 'b1' });
  await t.as('A', { type: 'ReportContact', unitId: 'a2', enemyId: 'b2' });
  await t.as('A', { type: 'EndTurn' });
  // Turn 2, side B's: every card is sealed before the first activation; b1 activates and
  // fights, a1 flees on 7♠ and escapes out of range.
  await t.as('A', { type: 'SealOrder', unitId: 'a1', turn: 2, card: card('7', 'spades') });
  await t.as('B', { type: 'SealOrder', unitId: 'b1', turn: 2, card: card('5', 'hearts') });
  await t.as('A', { type: 'SealOrder', unitId: 'a2', turn: 2, card: card('5', 'hearts') });
  await t.as('B', { type: 'SealOrder', unitId: 'b2', turn: 2, card: card('9', 'clubs') });
  await t.as('B', { type: 'DeclareIntent', unitId: 'b1', intent: 'fight' });
  await t.as('A', { type: 'DeclareIntent', unitId: 'a1', intent: 'flee' });
  await t.as('B', { type: 'RevealOrder', unitId: 'b1', card: card('5', 'hearts') });
  await t.as('A', { type: 'RevealOrder', unitId: 'a1', card: card('7', 'spades') });
  await t.as('B', { type: 'Pursue', unitId: 'b1', pursue: true });
  await t.as('A', {
    type: 'ReportBreakOff',
    unitId: 'a1',
    destination: 'the donga',
    inTransit: 'the drift',
    rangeInches: 30,
  });
  await resolveIfAwaited(t, 'B', 'b1');
  // a2 and b2 both fight.
  await t.as('B', { type: 'DeclareIntent', unitId: 'b2', intent: 'fight' });
  await t.as('A', { type: 'DeclareIntent', unitId: 'a2', intent: 'fight' });
  await t.as('B', { type: 'RevealOrder', unitId: 'b2', card: card('9', 'clubs') });
  await t.as('A', { type: 'RevealOrder', unitId: 'a2', card: card('5', 'hearts') });
  await t.as('B', { type: 'ResolveCloseCombat', unitId: 'b2' }, [4, 1]);
  await t.as('A', { type: 'ResolveCloseCombat', unitId: 'a2' }, [1, 3]);
  await t.as('B', { type: 'EndTurn' });
  // Turn 3, side A's: ordinary shooting (AA-11), an activation that reveals a3's card (Q-24); then a1
  // reveals its own commitment to the same 2♣: a clash, and a1 has no card this turn.
  const salt = 'a1-turn-3-salt-6b5a49382716';
  await t.as('A', { type: 'SealOrder', unitId: 'a3', turn: 3, card: card('2', 'clubs') });
  await t.as('A', {
    type: 'SealOrder',
    unitId: 'a1',
    turn: 3,
    commitment: orderCommitment(card('2', 'clubs') as never, 'a1', 3, salt),
  });
  await t.as(
    'A',
    { type: 'RangedAttack', attackerId: 'a3', targetId: 'b3', rangeInches: 10, card: card('2', 'clubs') },
    [4, 5],
  );
  await t.as('A', { type: 'RevealOrder', unitId: 'a1', card: card('2', 'clubs'), salt });
  return t;
}

/** After a break-off out of range the forgone attack may already be recorded; otherwise resolve it. */
async function resolveIfAwaited(t: Table, side: 'A' | 'B', unitId: string): Promise<void> {
  const events = await t.events();
  if (events.some((e) => e.type === 'CloseCombatEnded')) return;
  await t.as(side, { type: 'ResolveCloseCombat', unitId });
}

/** Every match-level event: fairness, undo asked, declined, agreed and applied, a dispute, time called, the end. */
export async function everyMatchLevelStep(t: Table): Promise<void> {
  const revision = await t.revision();
  await t.record(
    { type: 'ClientSeedAdded', data: { side: 'A', seed: 'lucky' } },
    { role: 'player', side: 'A' },
  );
  await t.record(
    {
      type: 'UndoRequested',
      data: { requestId: 'u1', toRevision: revision, reason: 'wrong unit', side: 'A' },
    },
    { role: 'player', side: 'A' },
  );
  await t.record(
    { type: 'UndoDeclined', data: { requestId: 'u1', side: 'B' } },
    { role: 'player', side: 'B' },
  );
  await t.record(
    { type: 'UndoRequested', data: { requestId: 'u2', toRevision: revision, reason: 'misread', side: 'A' } },
    { role: 'player', side: 'A' },
  );
  await t.record({ type: 'UndoAgreed', data: { requestId: 'u2', side: 'B' } }, { role: 'player', side: 'B' });
  const now = await t.revision();
  await t.record(
    {
      type: 'ActionsReverted',
      data: {
        toRevision: revision,
        fromRevision: revision + 1,
        throughRevision: now,
        reason: 'misread',
        requestedBy: 'A',
        agreedBy: 'B',
        orderedBy: 'players',
        requestId: 'u2',
        disputeId: null,
      },
    },
    { role: 'player', side: 'B' },
  );
  await t.record(
    {
      type: 'DisputeRaised',
      data: { disputeId: 'd1', revision: 3, claim: 'the dice were 3 and 4', side: 'B' },
    },
    { role: 'player', side: 'B' },
  );
  await t.record({
    type: 'DisputeRuled',
    data: {
      disputeId: 'd1',
      ruling: 'dismissed',
      ruleId: 'C-1',
      note: 'the photo shows 3 and 1',
      backupTo: null,
    },
  });
  await t.record({ type: 'TimeCalled', data: { policy: 'stop-now', round: 1 } });
  await t.record({
    type: 'MatchEnded',
    data: { result: { winner: 'A', note: 'the square broke' }, serverSeed: null },
  });
}
