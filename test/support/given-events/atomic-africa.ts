import { rulesetRef, type Side } from '../../../src/rules/common/index.js';
import {
  type AtomicAfricaEvent,
  type Card,
  type Intent,
  type Rank,
  type Suit,
  resolveParameters,
  RULESET_ID,
  RULESET_VERSION,
  type UnitType,
} from '../../../src/rules/atomic-africa/index.js';

/**
 * Given events: what an atomic-africa match already holds, written down as events rather than
 * produced by running earlier commands. `test/rules/atomic-africa/given.spec.ts` checks each against
 * what decide() records. What a builder computes (a flee's verdict) it computes from the rules text
 * (RULES.md AA-1, AA-6) and the default parameters, not by calling the rules code.
 */

type Event<Type extends AtomicAfricaEvent['type']> = Extract<AtomicAfricaEvent, { type: Type }>;

export function matchCreated(parameters?: unknown, version: string = RULESET_VERSION): Event<'MatchCreated'> {
  const resolved = resolveParameters(parameters);
  return {
    type: 'MatchCreated',
    data: {
      matchId: 'm1',
      sides: { A: 'Legion', B: 'Askari' },
      diceMode: 'table',
      diceCommitment: null,
      parameters: resolved,
      ruleset: rulesetRef(RULESET_ID, version, resolved),
      turn: 1,
      activeSide: 'A',
    },
  };
}

export function unitRegistered(
  unitId: string,
  side: Side,
  unitType: UnitType = 'infantry',
  movement = 6,
  firepower = 2,
): Event<'UnitRegistered'> {
  return {
    type: 'UnitRegistered',
    data: { unitId, name: `unit ${unitId}`, side, unitType, movement, firepower },
  };
}

/** AA-3: side A's unit first. */
export function contactReported(unitIdA: string, unitIdB: string, turn: number): Event<'ContactReported'> {
  return { type: 'ContactReported', data: { unitIds: [unitIdA, unitIdB], turn } };
}

/** C-4: turn `turn` ended; AA-3: the pairs still in contact begin the next turn in close combat. */
export function turnEnded(
  turn: number,
  activeSide: Side,
  inContact: [string, string][] = [],
  version: string = RULESET_VERSION,
): AtomicAfricaEvent[] {
  const endedSide: Side = activeSide === 'A' ? 'B' : 'A';
  return [
    version === RULESET_VERSION
      ? { type: 'TurnEnded', data: { turn, nextTurn: turn + 1, activeSide } }
      : { type: 'TurnEnded', data: { endedTurn: turn, endedSide, turn: turn + 1, activeSide } },
    ...inContact.map((unitIds): AtomicAfricaEvent => ({
      type: 'CloseCombatBegan',
      data: { unitIds, turn: turn + 1 },
    })),
  ];
}

const SUIT_BY_LETTER: Record<string, Suit> = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };

/** Test shorthand: card('7S'), card('10H'), card('KC'), card('JOKER-BLACK'). */
export function card(code: string): Card {
  if (code === 'JOKER-RED') return { joker: 'red' };
  if (code === 'JOKER-BLACK') return { joker: 'black' };
  const suit = SUIT_BY_LETTER[code.slice(-1)];
  if (!suit) throw new Error(`bad card code ${code}`);
  return { rank: code.slice(0, -1) as Rank, suit };
}

/** What a version records for a card: version 1 the card itself, later versions its code. */
function recorded(code: string, version: string) {
  return version === RULESET_VERSION ? card(code) : code;
}

/** AA-1: a card sealed in the open. */
export function orderSealed(
  unitId: string,
  side: Side,
  code: string,
  turn = 3,
  version: string = RULESET_VERSION,
): Event<'OrderSealed'> {
  return {
    type: 'OrderSealed',
    data: { unitId, side, turn, sealedAs: 'card', card: recorded(code, version), commitment: null },
  };
}

/** AA-4: the activating unit declares first, then the reacting one. */
export function intentDeclared(
  unitId: string,
  side: Side,
  role: 'activating' | 'reacting',
  intent: Intent,
  opponentId: string,
  turn = 3,
): Event<'IntentDeclared'> {
  return { type: 'IntentDeclared', data: { unitId, side, turn, role, intent, opponentId } };
}

/** AA-5, AA-7: a card sealed in the open, revealed, with the special action a face card announces. */
export function orderRevealed(
  unitId: string,
  side: Side,
  code: string,
  specialAction: string | null = null,
  turn = 3,
  version: string = RULESET_VERSION,
): Event<'OrderRevealed'> {
  return {
    type: 'OrderRevealed',
    data: { unitId, side, turn, card: recorded(code, version), salt: null, specialAction },
  };
}

/**
 * AA-6, Q-8, Q-9: a flee stands when the card allows movement (A–10, a Joker, or Sprint, which the
 * reveal accepts only from light infantry) and shows defensive posture (♣ ♠; a Joker none, unless
 * `jokerPosture` is `by-colour`, where black is defensive).
 */
export function fleeJudged(
  unitId: string,
  code: string,
  specialAction: string | null = null,
  options: { jokerPosture?: 'none' | 'by-colour'; turn?: number } = {},
): Event<'FleeJudged'> {
  const { jokerPosture = 'none', turn = 3 } = options;
  const played = card(code);
  const isJoker = 'joker' in played;
  const allowsMovement = isJoker || !['J', 'Q', 'K'].includes(played.rank) || specialAction === 'sprint';
  const posture = isJoker
    ? jokerPosture === 'none'
      ? 'none'
      : played.joker === 'black'
        ? 'defensive'
        : 'offensive'
    : played.suit === 'clubs' || played.suit === 'spades'
      ? 'defensive'
      : 'offensive';
  const verdict = allowsMovement && posture === 'defensive' ? 'stands' : 'refused';
  return { type: 'FleeJudged', data: { unitId, turn, verdict, allowsMovement, posture } };
}

export interface Orders {
  a: string;
  b: string;
  aIntent: Intent;
  bIntent: Intent;
  aAction?: string;
  bAction?: string;
}

/**
 * AA-1, AA-4, AA-5, AA-6: in turn 3, A1 (activating) and B1 (reacting) sealed their cards in the open,
 * declared, and revealed them; each flee is then judged. The close combat waits for pursuit, movement
 * or dice.
 */
export function ordersRevealed(
  orders: Orders,
  options: { jokerPosture?: 'none' | 'by-colour'; turn?: number } = {},
): AtomicAfricaEvent[] {
  const { turn = 3 } = options;
  const aAction = orders.aAction ?? null;
  const bAction = orders.bAction ?? null;
  return [
    orderSealed('A1', 'A', orders.a, turn),
    orderSealed('B1', 'B', orders.b, turn),
    intentDeclared('A1', 'A', 'activating', orders.aIntent, 'B1', turn),
    intentDeclared('B1', 'B', 'reacting', orders.bIntent, 'A1', turn),
    orderRevealed('A1', 'A', orders.a, aAction, turn),
    orderRevealed('B1', 'B', orders.b, bAction, turn),
    ...(orders.aIntent === 'flee' ? [fleeJudged('A1', orders.a, aAction, options)] : []),
    ...(orders.bIntent === 'flee' ? [fleeJudged('B1', orders.b, bAction, options)] : []),
  ];
}

/** AA-9: the opponent of the fleeing unit pursued or declined; the outcome compares the movements. */
export function pursuitDecided(
  unitId: string,
  fleeingId: string,
  pursue: boolean,
  movements: { pursuer: number; fleeing: number } = { pursuer: 6, fleeing: 6 },
  turn = 3,
): Event<'PursuitDecided'> {
  return {
    type: 'PursuitDecided',
    data: {
      unitId,
      fleeingId,
      turn,
      pursue,
      pursuerMovement: movements.pursuer,
      fleeingMovement: movements.fleeing,
      // equal movement escapes
      outcome: !pursue ? 'not-pursued' : movements.pursuer > movements.fleeing ? 'thwarted' : 'escaped',
    },
  };
}

/** AA-8: the fleeing unit's figures, and the range between the In-transit figures (AA-10). */
export function breakOffReported(
  unitId: string,
  rangeInches: number | null,
  where: { destination?: string; inTransit?: string } = {},
  turn = 3,
): Event<'BreakOffReported'> {
  const { destination = 'd', inTransit = 't' } = where;
  return { type: 'BreakOffReported', data: { unitId, turn, destination, inTransit, rangeInches } };
}

/** AA-2: a commitment sealed instead of the card (the card stays with its side). */
export function orderCommitted(
  unitId: string,
  side: Side,
  commitment: string,
  turn = 3,
): Event<'OrderSealed'> {
  return {
    type: 'OrderSealed',
    data: { unitId, side, turn, sealedAs: 'commitment', card: null, commitment },
  };
}

/**
 * AA-10, AA-11 with the stand-in defaults: one D6 per firepower point (no Mass Fire, no Dig-in), each
 * 4 or more hits; suppressed when the hits reach the threshold (1 in contact, AA-10).
 */
export function closeCombatAttackRolled(
  attackerId: string,
  targetId: string,
  side: Side,
  faces: number[],
  facts: { rangeInches?: number | null; threshold?: number; turn?: number } = {},
): Event<'CloseCombatAttackRolled'> {
  const { rangeInches = null, threshold = 1, turn = 3 } = facts;
  const hits = faces.filter((face) => face >= 4).length;
  return {
    type: 'CloseCombatAttackRolled',
    data: {
      attackerId,
      targetId,
      turn,
      rangeInches,
      firepower: faces.length,
      massFire: false,
      targetDugIn: false,
      diceCount: faces.length,
      hitOn: 4,
      threshold,
      roll: { purpose: `close-combat attack by ${attackerId} on ${targetId}`, faces, origin: 'table', side },
      hits,
      suppressed: hits >= threshold,
    },
  };
}

/** AA-10: the close combat is over; the pair stays in contact unless a unit escaped. */
export function closeCombatEnded(
  escaped: string[] = [],
  unitIds: [string, string] = ['A1', 'B1'],
  turn = 3,
): Event<'CloseCombatEnded'> {
  return {
    type: 'CloseCombatEnded',
    data: { unitIds, turn, inContact: escaped.length === 0, escaped },
  };
}
