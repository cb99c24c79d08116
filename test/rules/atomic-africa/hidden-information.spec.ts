import { RuleViolation, TableDice, type Side } from '../../../src/rules/common/index.js';
import type { Viewer } from '../../../src/rules/ruleset.js';
import {
  atomicAfrica,
  cardCode,
  orderCommitment,
  type AtomicAfricaCommand,
  type AtomicAfricaEvent,
} from '../../../src/rules/atomic-africa/index.js';
import { card, Match, stateOf } from './fixtures.js';

const EVERY_EVENT_TYPE: AtomicAfricaEvent['type'][] = [
  'MatchCreated',
  'UnitRegistered',
  'ContactReported',
  'OrderSealed',
  'IntentDeclared',
  'OrderRevealed',
  'FleeJudged',
  'PursuitDecided',
  'BreakOffReported',
  'CloseCombatAttackRolled',
  'CloseCombatAttackForgone',
  'CloseCombatEnded',
  'RangedAttackRolled',
  'TurnEnded',
  'CloseCombatBegan',
];

const VIEWERS: Viewer[] = [{ side: 'A' }, { side: 'B' }, {}];
const SALT_B1 = 'b1-salt-3f9a0c2e7d4b6a8190fe';
const SALT_A3 = 'a3-salt-77c1d2e3f4a5b6c7d8e9';

interface Secret {
  unitId: string;
  side: Side;
  code: string;
  sealedAs: 'card' | 'commitment';
}

/** Every sealed card of the scenario; all different, so a card found in a view can be traced. */
const SECRETS: Secret[] = [
  { unitId: 'A1', side: 'A', code: '7S', sealedAs: 'card' },
  { unitId: 'B1', side: 'B', code: '8C', sealedAs: 'commitment' },
  { unitId: 'A2', side: 'A', code: 'QD', sealedAs: 'card' }, // never revealed
  { unitId: 'B2', side: 'B', code: 'JOKER-RED', sealedAs: 'card' }, // never revealed
  { unitId: 'A3', side: 'A', code: '9H', sealedAs: 'commitment' },
  { unitId: 'B3', side: 'B', code: '10C', sealedAs: 'card' },
];

/**
 * A turn in which every event type happens while two cards stay sealed throughout: a flee that
 * escapes a pursuit beyond range, a close combat fought out, a vehicle's ranged attack.
 */
function scenario(): Match {
  const match = new Match().create();
  match.unit('A1', 'A').unit('A2', 'A').unit('A3', 'A').unit('V4', 'A', 'vehicle', 10, 1);
  match.unit('B1', 'B').unit('B2', 'B').unit('B3', 'B');
  match.endTurn().contact('A1', 'B1').contact('A3', 'B3').endTurn();
  for (const s of SECRETS) {
    if (s.sealedAs === 'card') match.seal(s.unitId, s.code);
    else {
      const salt = s.unitId === 'B1' ? SALT_B1 : SALT_A3;
      match.run({
        type: 'SealOrder',
        unitId: s.unitId,
        turn: 3,
        commitment: orderCommitment(card(s.code), s.unitId, 3, salt),
      });
    }
  }
  match.run({ type: 'RangedAttack', attackerId: 'V4', targetId: 'B2', rangeInches: 8 }, [5]);

  match.declare('A1', 'flee').declare('B1', 'fight');
  match.reveal('A1', '7S');
  match.run({ type: 'RevealOrder', unitId: 'B1', card: card('8C'), salt: SALT_B1 });
  match.run({ type: 'Pursue', unitId: 'B1', pursue: true });
  match.run({
    type: 'ReportBreakOff',
    unitId: 'A1',
    destination: 'ridge',
    inTransit: 'ford',
    rangeInches: 30,
  });

  match.declare('A3', 'fight').declare('B3', 'fight');
  match.run({ type: 'RevealOrder', unitId: 'A3', card: card('9H'), salt: SALT_A3 });
  match.reveal('B3', '10C');
  match.run({ type: 'ResolveCloseCombat', unitId: 'A3' }, [2, 5]);
  match.run({ type: 'ResolveCloseCombat', unitId: 'B3' }, [1, 3]);
  return match;
}

/** Every card object in a JSON text, as card codes. */
function cardsIn(json: string): string[] {
  const found: string[] = [];
  for (const m of json.matchAll(/\{"rank":"(\w+)","suit":"(\w+)"\}/g))
    found.push(cardCode(card(`${m[1]}${m[2][0].toUpperCase()}`)));
  for (const m of json.matchAll(/\{"joker":"(\w+)"\}/g)) found.push(`JOKER-${m[1].toUpperCase()}`);
  return found;
}

/** The cards this viewer may see after the first `upTo` events: revealed ones, and its own sealed ones. */
function allowedCards(events: readonly AtomicAfricaEvent[], viewer: Viewer): Set<string> {
  const allowed = new Set<string>();
  for (const e of events) {
    if (e.type === 'OrderRevealed') allowed.add(cardCode(e.data.card));
    if (e.type === 'OrderSealed' && e.data.side === viewer.side && e.data.card)
      allowed.add(cardCode(e.data.card));
  }
  return allowed;
}

function viewerName(viewer: Viewer): string {
  return viewer.side ? `side ${viewer.side}` : 'a viewer without a side';
}

describe('atomic-africa: hidden information (AA-2)', () => {
  const match = scenario();
  const events = match.events;

  it('AA-2 the scenario covers every event type', () => {
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(EVERY_EVENT_TYPE));
  });

  it('AA-2 no event, seen by the opponent or a viewer without a side, shows a card before its reveal', () => {
    for (const viewer of VIEWERS) {
      events.forEach((event, i) => {
        const json = JSON.stringify(atomicAfrica.viewEvent(event, viewer));
        const allowed = allowedCards(events.slice(0, i + 1), viewer);
        for (const code of cardsIn(json)) {
          expect({
            viewer: viewerName(viewer),
            event: event.type,
            card: code,
            allowed: allowed.has(code),
          }).toMatchObject({
            allowed: true,
          });
        }
        // nothing derived from a card (posture, movement allowed) and no salt before the reveal
        if (event.type !== 'FleeJudged') expect(json).not.toMatch(/posture|allowsMovement/);
        if (event.type !== 'OrderRevealed') expect(json).not.toMatch(/salt-/);
      });
    }
  });

  it('AA-2 the never-revealed cards appear in no view of any event or state but their owner’s', () => {
    for (const viewer of VIEWERS) {
      const eventsJson = JSON.stringify(events.map((e) => atomicAfrica.viewEvent(e, viewer)));
      const stateJson = JSON.stringify(atomicAfrica.viewState(match.state, viewer));
      const own = viewer.side === 'A';
      expect(cardsIn(eventsJson).includes('QD')).toBe(own);
      expect(cardsIn(stateJson).includes('QD')).toBe(own);
      expect(cardsIn(eventsJson).includes('JOKER-RED')).toBe(viewer.side === 'B');
      expect(cardsIn(stateJson).includes('JOKER-RED')).toBe(viewer.side === 'B');
      expect(eventsJson).not.toMatch(/"QD"|"JOKER-RED"/);
    }
  });

  it('AA-2 the state, after every event, shows the opponent and a viewer without a side no card before its reveal', () => {
    for (const viewer of VIEWERS) {
      for (let n = 1; n <= events.length; n++) {
        const json = JSON.stringify(atomicAfrica.viewState(stateOf(events.slice(0, n)), viewer));
        const allowed = allowedCards(events.slice(0, n), viewer);
        for (const code of cardsIn(json))
          expect({ viewer: viewerName(viewer), after: n, card: code, ok: allowed.has(code) }).toMatchObject({
            ok: true,
          });
      }
    }
  });

  it('AA-2 the owning side sees its own sealed card; the others get card null and hidden true, with the commitment public', () => {
    const sealedA2 = events.find((e) => e.type === 'OrderSealed' && e.data.unitId === 'A2');
    if (!sealedA2 || sealedA2.type !== 'OrderSealed') throw new Error('no seal of A2');
    expect(atomicAfrica.viewEvent(sealedA2, { side: 'A' })).toEqual(sealedA2);
    const redacted = { ...sealedA2, data: { ...sealedA2.data, card: null, hidden: true } };
    expect(atomicAfrica.viewEvent(sealedA2, { side: 'B' })).toEqual(redacted);
    expect(atomicAfrica.viewEvent(sealedA2, {})).toEqual(redacted);
    expect(sealedA2.data.card).toEqual(card('QD')); // the log itself is untouched

    const sealedB1 = events.find((e) => e.type === 'OrderSealed' && e.data.unitId === 'B1');
    if (!sealedB1 || sealedB1.type !== 'OrderSealed') throw new Error('no seal of B1');
    expect(atomicAfrica.viewEvent(sealedB1, { side: 'A' }).data).toMatchObject({
      card: null,
      hidden: true,
      commitment: orderCommitment(card('8C'), 'B1', 3, SALT_B1),
    });

    expect(atomicAfrica.viewState(match.state, { side: 'A' })).toMatchObject({
      orders: { A2: { card: card('QD'), hidden: false }, B2: { card: null, hidden: true } },
    });
    expect(atomicAfrica.viewState(match.state, { side: 'B' })).toMatchObject({
      orders: { A2: { card: null, hidden: true }, B2: { card: { joker: 'red' }, hidden: false } },
    });
  });

  it('AA-2 AA-5 once revealed a card is public to everyone, with the salt that opens its commitment', () => {
    for (const viewer of VIEWERS) {
      expect(atomicAfrica.viewState(match.state, viewer)).toMatchObject({
        orders: {
          A1: { card: card('7S'), revealed: true, hidden: false },
          B1: { card: card('8C'), salt: SALT_B1, revealed: true, hidden: false },
        },
      });
    }
  });

  it('AA-2 while a close combat waits for the reveals, the activation shows the opponent nothing of the cards', () => {
    const waiting = scenario().events;
    const declared = waiting.findIndex((e) => e.type === 'IntentDeclared' && e.data.unitId === 'B1');
    const state = stateOf(waiting.slice(0, declared + 1));
    const viewB = atomicAfrica.viewState(state, { side: 'B' });
    expect(viewB).toMatchObject({
      activation: {
        activating: { unitId: 'A1', intent: 'flee', flee: null },
        awaiting: [
          { step: 'reveal', unitId: 'A1', side: 'A' },
          { step: 'reveal', unitId: 'B1', side: 'B' },
        ],
      },
    });
    // side B sees only its own plain cards; a viewer without a side sees none
    expect(cardsIn(JSON.stringify(viewB)).sort()).toEqual(['10C', 'JOKER-RED']);
    expect(cardsIn(JSON.stringify(atomicAfrica.viewState(state, {})))).toEqual([]);
  });

  it('AA-2 no refusal message names a sealed card, whoever sends the command', () => {
    const sealedOnly = new Match()
      .create()
      .unit('A1', 'A')
      .unit('A2', 'A')
      .unit('B1', 'B')
      .unit('B2', 'B')
      .endTurn();
    sealedOnly.contact('A1', 'B1').endTurn();
    sealedOnly.seal('A1', '7S').seal('B1', 'JOKER-BLACK').seal('A2', 'QD');
    sealedOnly.run({
      type: 'SealOrder',
      unitId: 'B2',
      turn: 3,
      commitment: orderCommitment(card('KH'), 'B2', 3, 's'),
    });
    const attempts: AtomicAfricaCommand[] = [
      { type: 'SealOrder', unitId: 'A2', turn: 3, card: card('7S') },
      { type: 'SealOrder', unitId: 'B1', turn: 3, card: card('2D') },
      { type: 'RevealOrder', unitId: 'A1', card: card('7H') },
      { type: 'RevealOrder', unitId: 'B1', card: card('7S') },
      { type: 'RevealOrder', unitId: 'A2', card: card('QD'), specialAction: 'ambush' },
      { type: 'RevealOrder', unitId: 'B2', card: card('KD'), salt: 's' },
      { type: 'RevealOrder', unitId: 'B2', card: card('KH'), salt: 's' }, // unit not activated: fine outside CC
      { type: 'DeclareIntent', unitId: 'B1', intent: 'flee' },
      { type: 'Pursue', unitId: 'B1', pursue: true },
      { type: 'ResolveCloseCombat', unitId: 'A1' },
      { type: 'RangedAttack', attackerId: 'A2', targetId: 'B1', rangeInches: 3 },
    ];
    const messages: string[] = [];
    for (const command of attempts) {
      try {
        atomicAfrica.decider.decide(sealedOnly.state, command, new TableDice([6, 6, 6]));
      } catch (error) {
        if (!(error instanceof RuleViolation)) throw error;
        messages.push(error.message);
      }
    }
    expect(messages.length).toBeGreaterThanOrEqual(attempts.length - 1);
    for (const message of messages) {
      expect(message).not.toMatch(
        /\b(7S|7H|QD|KH|KD|2D)\b|spades|hearts|clubs|diamonds|joker|black|posture/i,
      );
    }
  });
});
