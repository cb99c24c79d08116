import {
  capitalised,
  type Describers,
  describeWith,
  dice,
  inches,
  line,
  list,
  type LogContext,
  type LogLine,
  matchCreated,
  named,
  namesAfter,
  plural,
  possessive,
  setup,
  short,
  sideName,
  turnEnded,
  unit,
} from '../common/index.js';
import type { DiceRoll } from '../common/dice.js';
import { type RecordedCard, toCard } from './cards.js';
import type { Edition } from './edition.js';
import { turnBegun, type AtomicAfricaEvent } from './events.js';

/** The turn-log sentence of each atomic-africa event: one small function per event type. */
type Data<Type extends AtomicAfricaEvent['type']> = Extract<AtomicAfricaEvent, { type: Type }>['data'];

const SUIT_SYMBOLS: Record<string, string> = { clubs: '♣', diamonds: '♦', hearts: '♥', spades: '♠' };

/**
 * A card as the hand shows it (7♠, the red Joker), whether recorded as a code (version 2) or as an
 * object (version 1).
 */
function card(value: RecordedCard): string {
  let named: ReturnType<typeof toCard>;
  try {
    named = toCard(value);
  } catch {
    return String(value); // a code no card has: written as recorded, for the verifier to flag
  }
  if ('joker' in named) return `the ${named.joker} Joker`;
  return `${named.rank}${SUIT_SYMBOLS[named.suit] ?? named.suit}`;
}

const UNIT_TYPE_WORDS: Record<string, string> = {
  'light-infantry': 'light infantry',
  infantry: 'infantry',
  vehicle: 'vehicle',
};

function attack(
  context: LogContext,
  d: {
    attackerId: string;
    targetId: string;
    diceCount: number;
    hitOn: number;
    threshold: number;
    massFire: boolean;
    targetDugIn: boolean;
    roll: DiceRoll | null;
    hits: number;
    suppressed: boolean;
  },
  verb: string,
  range: string,
  facesOnly = false,
): string {
  // Version 2 lists the faces and counts the dice that hit: a sum of faces means nothing here (AA-11).
  const rolled = d.roll
    ? facesOnly
      ? `${d.roll.faces.length}D6 ${d.roll.faces.join(' ')}`
      : dice(d.roll)
    : 'no dice to roll';
  const massFire = d.massFire ? ' with Mass Fire' : '';
  const dugIn = d.targetDugIn ? ', the target dug in' : '';
  return `${unit(context, d.attackerId)} ${verb} ${unit(context, d.targetId)} ${range} (${plural(d.threshold, 'hit')} to suppress): ${rolled}${massFire}, hitting on ${d.hitOn}+${dugIn}: ${plural(d.hits, 'hit')}, ${d.suppressed ? 'suppressed' : 'not suppressed'}.`;
}

function orderSealed(context: LogContext, d: Data<'OrderSealed'>): LogLine {
  const who = sideName(context, d.side);
  // AA-2: a card appears here only when the event was viewed by its own side. A commitment is said as
  // a sealed card in words first; its digest, for whoever checks the reveal against it, comes last.
  const sentence = d.card
    ? `${who} sealed ${card(d.card)} as the orders of ${unit(context, d.unitId)}.`
    : d.sealedAs === 'commitment'
      ? `${who} sealed an orders card for ${unit(context, d.unitId)}, hidden until it is revealed in close combat (commitment ${short(d.commitment)}).`
      : `${who} sealed an orders card for ${unit(context, d.unitId)}.`;
  return line(context, sentence, ['AA-1', 'AA-2']);
}

function orderRevealed(context: LogContext, d: Data<'OrderRevealed'>): LogLine {
  const action = d.specialAction ? `, announcing ${d.specialAction}` : '';
  const checked = d.salt ? ', matching its commitment' : '';
  return line(
    context,
    `${possessive(unit(context, d.unitId))} orders card was revealed: ${card(d.card)}${action}${checked}.`,
    ['AA-5', ...(d.specialAction ? ['AA-7'] : []), ...(d.salt ? ['AA-2'] : [])],
  );
}

function fleeJudged(context: LogContext, d: Data<'FleeJudged'>): LogLine {
  const name = possessive(unit(context, d.unitId));
  if (d.noCard) {
    return line(context, `${name} flee was refused: it has no card this turn, so it stays and fights.`, [
      'AA-6',
      'Q-21',
    ]);
  }
  if (d.verdict === 'stands') {
    return line(context, `${name} flee stands: the card allows movement and shows defensive posture.`, [
      'AA-6',
    ]);
  }
  const reasons = [
    ...(d.allowsMovement ? [] : ['the card does not allow movement']),
    ...(d.posture === 'offensive'
      ? ['the card shows offensive posture']
      : d.posture === 'none'
        ? ['the card shows no posture']
        : []),
  ];
  return line(context, `${name} flee was refused (${list(reasons)}): it stays and fights.`, [
    'AA-6',
    'Q-9',
    ...(d.posture === 'none' ? ['Q-8'] : []),
  ]);
}

function pursuitDecided(context: LogContext, d: Data<'PursuitDecided'>): LogLine {
  const pursuer = unit(context, d.unitId);
  const fleeing = unit(context, d.fleeingId);
  if (d.outcome === 'not-pursued') return line(context, `${pursuer} did not pursue ${fleeing}.`, ['AA-9']);
  if (d.outcome === 'cannot-move') {
    return line(context, `no pursuit of ${fleeing} by ${pursuer}: its card allows no movement.`, [
      'AA-9',
      'Q-23',
    ]);
  }
  if (d.outcome === 'no-card') {
    return line(context, `no pursuit of ${fleeing} by ${pursuer}: it has no card this turn.`, [
      'Q-21',
      'Q-23',
    ]);
  }
  if (d.pursuerMovement === null) throw new Error('a pursuit run has the pursuer’s movement');
  const race = `movement ${inches(d.pursuerMovement)} against ${inches(d.fleeingMovement)}`;
  return d.outcome === 'thwarted'
    ? line(
        context,
        `${pursuer} pursued ${fleeing}: ${race}, the escape was thwarted and both stay in close combat.`,
        ['AA-9'],
      )
    : line(context, `${pursuer} pursued ${fleeing}: ${race}, and ${fleeing} escaped.`, [
        'AA-9',
        ...(d.pursuerMovement === d.fleeingMovement ? ['Q-10'] : []),
      ]);
}

function closeCombatAttackRolled(context: LogContext, d: Data<'CloseCombatAttackRolled'>): LogLine {
  const range = d.rangeInches === null ? 'in contact' : `at ${inches(d.rangeInches)}`;
  return line(
    context,
    attack(context, d, 'attacked', range),
    [
      'AA-10',
      'AA-11',
      ...(d.massFire || d.targetDugIn ? ['AA-7'] : []),
      ...(d.rangeInches === null ? ['Q-15'] : []),
    ],
    [d.roll],
  );
}

function closeCombatEnded(context: LogContext, d: Data<'CloseCombatEnded'>): LogLine {
  const [a, b] = d.unitIds;
  const caught = (d.fled ?? []).filter((f) => f.caughtBy.length > 0);
  const how = d.inContact
    ? 'they stay in contact'
    : d.escaped.length > 0
      ? `${list(d.escaped.map((id) => unit(context, id)))} escaped and the contact is gone`
      : `${list(caught.map((f) => `${unit(context, f.unitId)} was caught by ${list(f.caughtBy.map((id) => unit(context, id)))}`))}, and their contact is gone`;
  return line(context, `the close combat of ${unit(context, a)} and ${unit(context, b)} was over: ${how}.`, [
    'AA-10',
  ]);
}

const DESCRIBERS: Describers<AtomicAfricaEvent> = {
  MatchCreated: matchCreated,
  UnitRegistered: (context, d) =>
    setup(
      context,
      `${capitalised(named(d.name))} takes the field for ${sideName(context, d.side)}: ${UNIT_TYPE_WORDS[d.unitType] ?? d.unitType}, movement ${inches(d.movement)}, firepower ${d.firepower}.`,
      ['AA-3'],
    ),
  ContactReported: (context, d) => {
    const [a, b] = d.unitIds;
    return line(context, `${unit(context, a)} and ${unit(context, b)} reported base-to-base contact.`, [
      'AA-3',
    ]);
  },
  OrderSealed: orderSealed,
  IntentDeclared: (context, d) =>
    line(
      context,
      `${unit(context, d.unitId)}, ${d.role}, declared ${d.intent} against ${unit(context, d.opponentId)}.`,
      ['AA-4'],
    ),
  OrderRevealed: orderRevealed,
  OrderClashed: (context, d) =>
    line(
      context,
      `${possessive(unit(context, d.unitId))} orders card was revealed: ${card(d.card)}, which ${unit(context, d.clashesWith)} of the same side had already revealed: a clash, and ${unit(context, d.unitId)} has no card this turn.`,
      ['AA-1', 'Q-25', 'Q-21', ...(d.salt ? ['AA-2'] : [])],
    ),
  FleeJudged: fleeJudged,
  PursuitDecided: pursuitDecided,
  BreakOffReported: (context, d) => {
    const range = d.rangeInches === null ? '' : `; ${inches(d.rangeInches)} between the In-transit figures`;
    return line(
      context,
      `${unit(context, d.unitId)} broke off: Destination ${d.destination}, In-transit ${d.inTransit}${range}.`,
      ['AA-8'],
    );
  },
  CloseCombatAttackRolled: closeCombatAttackRolled,
  CloseCombatAttackForgone: (context, d) =>
    d.reason === 'target-in-close-combat'
      ? line(
          context,
          `${unit(context, d.attackerId)} could not attack ${unit(context, d.targetId)}: another pursuer caught it, and no unit outside that close combat fires into it.`,
          ['AA-12', 'Q-23'],
        )
      : line(
          context,
          `${unit(context, d.attackerId)} could not attack ${unit(context, d.targetId)}: ${inches(d.rangeInches)} is beyond range.`,
          ['AA-10', 'AA-11'],
        ),
  CloseCombatEnded: closeCombatEnded,
  RangedAttackRolled: (context, d) =>
    line(
      context,
      attack(context, d, 'fired at', `at ${inches(d.rangeInches)}`),
      ['AA-11', 'AA-12', ...(d.massFire || d.targetDugIn ? ['AA-7'] : [])],
      [d.roll],
    ),
  // Version 1 names only the next side: the ending side is the one whose turn it was.
  TurnEnded: (context, d) =>
    'nextTurn' in d
      ? turnEnded(context, context.activeSide, d.turn, d.nextTurn, d.activeSide)
      : turnEnded(context, d.endedSide, d.endedTurn, d.turn, d.activeSide),
  CloseCombatBegan: (context, d) => {
    const [a, b] = d.unitIds;
    return line(
      context,
      `${unit(context, a)} and ${unit(context, b)} began the turn in close combat.`,
      ['AA-3'],
      [],
      d.turn,
    );
  },
};

/** Version 2's attacks: the faces and the count of dice that hit, never a sum. */
const DESCRIBERS_V2: Describers<AtomicAfricaEvent> = {
  ...DESCRIBERS,
  CloseCombatAttackRolled: (context, d) => {
    const range = d.rangeInches === null ? 'in contact' : `at ${inches(d.rangeInches)}`;
    return line(
      context,
      attack(context, d, 'attacked', range, true),
      [
        'AA-10',
        'AA-11',
        ...(d.massFire || d.targetDugIn ? ['AA-7'] : []),
        ...(d.rangeInches === null ? ['Q-15'] : []),
      ],
      [d.roll],
    );
  },
  RangedAttackRolled: (context, d) =>
    line(
      context,
      attack(context, d, 'fired at', `at ${inches(d.rangeInches)}`, true),
      ['AA-11', 'AA-12', 'Q-24', ...(d.massFire || d.targetDugIn ? ['AA-7'] : [])],
      [d.roll],
    ),
};

/** Every event type an edition records: OrderClashed only from version 2 (Q-25). */
export function eventTypesOf(edition: Edition): readonly AtomicAfricaEvent['type'][] {
  const types = Object.keys(DESCRIBERS) as AtomicAfricaEvent['type'][];
  return edition.clashLeavesNoCard ? types : types.filter((type) => type !== 'OrderClashed');
}

/** One sentence for one atomic-africa event, as handed over (already viewed for its reader, AA-2). */
export function describerOf(edition: Edition) {
  return describeWith(edition.cardsAsCodes ? DESCRIBERS_V2 : DESCRIBERS);
}

/** The log context after an event: names, and the new turn. */
export function logContextAfter(context: LogContext, event: AtomicAfricaEvent): LogContext {
  if (event.type !== 'TurnEnded') return namesAfter(context, event);
  return { ...context, turn: turnBegun(event.data), activeSide: event.data.activeSide };
}
