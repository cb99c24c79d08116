import { isMatchLevelEvent, type MatchLevelEvent } from '../../match/match-events.js';
import type { Card } from '../../rules/atomic-africa/cards.js';
import type { AtomicAfricaEvent } from '../../rules/atomic-africa/events.js';
import { assertNever } from '../../rules/common/decider.js';
import type { DiceRoll } from '../../rules/common/dice.js';
import type { Side } from '../../rules/common/sides.js';
import type { HandToHandEvent, RestrictionEntry } from '../../rules/hand-to-hand/events.js';

/**
 * The turn log: one plain sentence per recorded step, with its dice, modifiers and rule ids, in the
 * game's own words and with the units' and sides' names. Pure: the same events give the same log.
 *
 * It describes an event exactly as it is handed over, so whoever calls it decides what may be seen:
 * the stored log is built from events viewed with no side (AA-2), and a side's own sealed cards are
 * described at read time from that side's view.
 */

export interface LogContext {
  rulesetId: string;
  sides: Record<Side, string>;
  units: Record<string, { name: string; side: Side }>;
  /** C-4: the player turn now, and whose it is. */
  turn: number;
  activeSide: Side;
}

export interface LogLine {
  /** The player turn the step happened in (0: before the match began). */
  turn: number;
  sentence: string;
  ruleIds: string[];
  /** Every roll the step used, whole (C-1). */
  dice: DiceRoll[];
}

/** Every event type each ruleset records; the compiler insists the lists are complete. */
const HAND_TO_HAND_TYPES: Record<HandToHandEvent['type'], true> = {
  MatchCreated: true,
  UnitRegistered: true,
  ChargeDeclared: true,
  WillpowerTested: true,
  ChargeFaltered: true,
  ContactMade: true,
  DefenderSurrendered: true,
  ImpactRolled: true,
  MoraleTested: true,
  AttackerVictorious: true,
  GroundGiven: true,
  ReformStuck: true,
  UnitRallied: true,
  UnitWithdrew: true,
  UnitRemoved: true,
  TurnEnded: true,
  RallyTestRequired: true,
};
const ATOMIC_AFRICA_TYPES: Record<AtomicAfricaEvent['type'], true> = {
  MatchCreated: true,
  UnitRegistered: true,
  ContactReported: true,
  OrderSealed: true,
  IntentDeclared: true,
  OrderRevealed: true,
  FleeJudged: true,
  PursuitDecided: true,
  BreakOffReported: true,
  CloseCombatAttackRolled: true,
  CloseCombatAttackForgone: true,
  CloseCombatEnded: true,
  RangedAttackRolled: true,
  TurnEnded: true,
  CloseCombatBegan: true,
};
const MATCH_LEVEL_TYPES: Record<MatchLevelEvent['type'], true> = {
  ClientSeedAdded: true,
  UndoRequested: true,
  UndoAgreed: true,
  UndoDeclined: true,
  ActionsReverted: true,
  DisputeRaised: true,
  DisputeRuled: true,
  MatchEnded: true,
};

export const DESCRIBED_EVENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  'hand-to-hand': Object.keys(HAND_TO_HAND_TYPES),
  'atomic-africa': Object.keys(ATOMIC_AFRICA_TYPES),
  match: Object.keys(MATCH_LEVEL_TYPES),
};

/** True for the events of the match's ruleset (as opposed to match-level ones and unknown types). */
export function isRulesetEvent(rulesetId: string, type: string): boolean {
  const types: Record<string, true> | undefined =
    rulesetId === 'hand-to-hand'
      ? HAND_TO_HAND_TYPES
      : rulesetId === 'atomic-africa'
        ? ATOMIC_AFRICA_TYPES
        : undefined;
  return types !== undefined && Object.hasOwn(types, type);
}

export function initialContext(rulesetId: string): LogContext {
  return { rulesetId, sides: { A: 'side A', B: 'side B' }, units: {}, turn: 0, activeSide: 'A' };
}

/** The context after an event: names, the turn. ActionsReverted is the caller's to handle (C-5). */
export function advanceContext(context: LogContext, event: { type: string; data: unknown }): LogContext {
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'MatchCreated':
      return {
        ...context,
        sides: { ...(data.sides as Record<Side, string>) },
        turn: Number(data.turn ?? 1),
        activeSide: (data.activeSide as Side | undefined) ?? 'A',
      };
    case 'UnitRegistered': {
      const { unitId, name, side } = data as { unitId: string; name: string; side: Side };
      return { ...context, units: { ...context.units, [unitId]: { name, side } } };
    }
    case 'TurnEnded': {
      // hand-to-hand records the new turn as `turn`; atomic-africa as `nextTurn`.
      const turn = Number(context.rulesetId === 'atomic-africa' ? data.nextTurn : data.turn);
      return { ...context, turn, activeSide: data.activeSide as Side };
    }
    default:
      return context;
  }
}

/** One sentence for one event, as handed over (already viewed for whoever will read it). */
export function describeEvent(context: LogContext, event: { type: string; data: unknown }): LogLine {
  if (isMatchLevelEvent(event)) return describeMatchLevel(context, event);
  if (context.rulesetId === 'hand-to-hand' && isRulesetEvent('hand-to-hand', event.type))
    return describeHandToHand(context, event as HandToHandEvent);
  if (context.rulesetId === 'atomic-africa' && isRulesetEvent('atomic-africa', event.type))
    return describeAtomicAfrica(context, event as AtomicAfricaEvent);
  return line(context, `${event.type} was recorded.`, []);
}

// ---------------------------------------------------------------------------------------------------
// words

function line(
  context: LogContext,
  sentence: string,
  ruleIds: readonly string[],
  dice: readonly (DiceRoll | null)[] = [],
  turn = context.turn,
): LogLine {
  const prefix = turn > 0 ? `Turn ${turn}: ` : '';
  return {
    turn,
    sentence: `${prefix}${sentence}`,
    ruleIds: [...new Set(ruleIds)],
    dice: dice.filter((roll): roll is DiceRoll => roll !== null),
  };
}

/** A line with no turn prefix (setting the match up). */
function setup(context: LogContext, sentence: string, ruleIds: readonly string[]): LogLine {
  return { ...line(context, sentence, ruleIds, [], 0), turn: context.turn };
}

function unit(context: LogContext, unitId: string): string {
  return named(Object.hasOwn(context.units, unitId) ? context.units[unitId]!.name : unitId);
}

function named(name: string): string {
  return /^the\s/i.test(name) ? name : `the ${name}`;
}

function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

function sideName(context: LogContext, side: string | null | undefined): string {
  if (side === 'A' || side === 'B') return context.sides[side];
  return side ?? 'nobody';
}

/** Typographic minus, as a rulebook prints it. */
function num(value: number): string {
  return value < 0 ? `−${-value}` : `${value}`;
}

function signed(value: number): string {
  return value < 0 ? `−${-value}` : `+${value}`;
}

function inches(value: number): string {
  return `${value}"`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function quote(text: string): string {
  return `“${text}”`;
}

function short(hex: string | null | undefined): string {
  return hex ? `${hex.slice(0, 12)}…` : '';
}

/** C-1: the faces as rolled. One die: "1D6 4"; two: "2D6 3+4 = 7"; more: "3D6 4 5 2". */
function dice(roll: DiceRoll): string {
  const { faces } = roll;
  if (faces.length === 1) return `1D6 ${faces[0]}`;
  if (faces.length === 2) return `2D6 ${faces[0]}+${faces[1]} = ${faces[0]! + faces[1]!}`;
  return `${faces.length}D6 ${faces.join(' ')}`;
}

const SUIT_SYMBOLS: Record<string, string> = { clubs: '♣', diamonds: '♦', hearts: '♥', spades: '♠' };

function card(value: Card): string {
  if ('joker' in value) return `the ${value.joker} Joker`;
  return `${value.rank}${SUIT_SYMBOLS[value.suit] ?? value.suit}`;
}

// ---------------------------------------------------------------------------------------------------
// hand-to-hand

const ASPECT_WORDS: Record<string, string> = {
  front: 'front',
  'left-flank': 'left flank',
  'right-flank': 'right flank',
  rear: 'rear',
};
const OUTCOME_WORDS: Record<string, string> = {
  reform: 'Reform',
  retreat: 'Retreat',
  break: 'Break',
  rout: 'Rout',
};
const OUTCOME_RULES: Record<string, string> = {
  reform: 'HH-11',
  retreat: 'HH-12',
  break: 'HH-13',
  rout: 'HH-14',
};
const REMOVAL_WORDS: Record<string, string> = {
  surrendered: 'surrendered',
  rout: 'routed',
  'retreat-blocked': 'could not retreat',
  'break-blocked': 'could not flee',
  'left-the-table': 'left the table',
  'failed-rally': 'failed its rally test',
  'stuck-reform-surrender': 'surrendered after being stuck in reform',
};

function restrictions(entries: readonly RestrictionEntry[]): string[] {
  return entries.map((r) => `it may not ${r.restriction} in turn ${r.inTurn}`);
}

/** C-4, in both rulesets (their events name the turns differently). */
function turnEnded(
  context: LogContext,
  endedSide: Side,
  endedTurn: number,
  nextTurn: number,
  nextSide: Side,
): LogLine {
  return line(
    context,
    `${sideName(context, endedSide)} ended their turn; turn ${nextTurn}: ${sideName(context, nextSide)} to play.`,
    ['C-4'],
    [],
    endedTurn,
  );
}

/** Both rulesets open a match alike. */
function matchCreated(
  context: LogContext,
  d: {
    sides: { A: string; B: string };
    diceMode: string;
    diceCommitment: string | null;
    ruleset: { id: string; version: string };
    activeSide: 'A' | 'B';
  },
): LogLine {
  const dice =
    d.diceMode === 'server'
      ? `server dice (commitment ${short(d.diceCommitment)})`
      : 'table dice entered by the players';
  return setup(
    context,
    `The match began: ${d.sides.A} (side A) against ${d.sides.B} (side B), under ${d.ruleset.id} ${d.ruleset.version}, with ${dice}; ${d.sides[d.activeSide]} play first.`,
    d.diceMode === 'server' ? ['C-2', 'C-4'] : ['C-4'],
  );
}

function describeHandToHand(context: LogContext, event: HandToHandEvent): LogLine {
  switch (event.type) {
    case 'MatchCreated':
      return matchCreated(context, event.data);
    case 'UnitRegistered': {
      const d = event.data;
      return setup(
        context,
        `${sideName(context, d.side)} registered ${named(d.name)}: morale ${d.morale}, move ${inches(d.move)}.`,
        ['HH-1'],
      );
    }
    case 'ChargeDeclared': {
      const d = event.data;
      if (d.kind === 'fight-back') {
        return line(
          context,
          `${unit(context, d.attackerId)} fought back against ${unit(context, d.defenderId)}, the enemy to its front.`,
          ['HH-10'],
        );
      }
      const slope = d.slope === 'uphill' ? ' from above' : d.slope === 'downhill' ? ' from below' : '';
      return line(
        context,
        `${unit(context, d.attackerId)} charged ${unit(context, d.defenderId)} in the ${ASPECT_WORDS[d.aspect] ?? d.aspect}${slope}.`,
        ['HH-4', ...(d.slope === 'level' ? [] : ['Q-14'])],
      );
    }
    case 'WillpowerTested': {
      const d = event.data;
      const compare = d.total <= d.morale ? '≤' : '>';
      const verdict = d.autoPassedOnDouble
        ? 'but a double passes'
        : d.passed
          ? 'passed'
          : 'failed: the charge falters';
      return line(
        context,
        `${possessive(unit(context, d.unitId))} willpower test: ${dice(d.roll)} ${compare} ${d.morale}, ${verdict}.`,
        ['HH-5', ...(d.autoPassedOnDouble ? ['Q-4'] : [])],
        [d.roll],
      );
    }
    case 'ChargeFaltered': {
      const d = event.data;
      return line(
        context,
        `${possessive(unit(context, d.attackerId))} charge on ${unit(context, d.defenderId)} faltered: no contact, no impact, it stays where it was.`,
        ['HH-5', 'Q-3'],
      );
    }
    case 'ContactMade': {
      const d = event.data;
      return line(
        context,
        `${unit(context, d.attackerId)} made contact with ${possessive(unit(context, d.defenderId))} ${ASPECT_WORDS[d.aspect] ?? d.aspect}.`,
        ['HH-4', 'HH-6'],
      );
    }
    case 'DefenderSurrendered': {
      const d = event.data;
      const aspects = list(d.contactAspects.map((a) => ASPECT_WORDS[a] ?? a));
      return line(
        context,
        `${unit(context, d.unitId)}, contacted on its ${aspects} and not to its front, surrendered at once.`,
        ['HH-9'],
      );
    }
    case 'ImpactRolled': {
      const d = event.data;
      const modifiers = d.modifiers.map((m) => ` ${signed(m.value)} ${m.name}`).join('');
      const floor = d.total < 0 ? `, counted as 0` : '';
      return line(
        context,
        `${possessive(unit(context, d.attackerId))} ${d.repeat ? 'repeated impact' : 'impact'} on ${unit(context, d.defenderId)}: ${dice(d.roll)}${modifiers} = ${num(d.total)}${floor}.`,
        [
          'HH-7',
          ...d.modifiers.map((m) => m.ruleId),
          ...(d.modifiers.some((m) => m.name === 'uphill' || m.name === 'downhill') ? ['Q-14'] : []),
          ...(d.total < 0 ? ['Q-5'] : []),
          ...(d.repeat ? ['Q-12'] : []),
        ],
        [d.roll],
      );
    }
    case 'MoraleTested': {
      const d = event.data;
      const name = unit(context, d.unitId);
      let against: string;
      let ruleIds: string[];
      if (d.cause === 'rally') {
        against = `${possessive(name)} rally test against its base morale ${d.baseMorale}`;
        ruleIds = ['HH-13', 'Q-13', 'HH-2'];
      } else if (d.cause === 'shooting') {
        against = `${possessive(name)} morale test after shooting: morale ${d.baseMorale} − penalty ${d.penalty ?? 0} = ${num(d.effectiveMorale)}`;
        ruleIds = ['HH-18', 'HH-2'];
      } else {
        against = `${possessive(name)} morale test: morale ${d.baseMorale} − impact ${d.impact ?? 0} = ${num(d.effectiveMorale)}`;
        ruleIds = ['HH-8', 'HH-2'];
      }
      let verdict: string;
      if (d.autoPassedOnDouble) {
        verdict = `${dice(d.roll)}, ${d.margin} over, but a double passes`;
        ruleIds.push('Q-1');
      } else if (d.passed) {
        verdict = `${dice(d.roll)} ≤ ${num(d.effectiveMorale)}, passed`;
      } else {
        const outcome = d.outcome === 'passed' ? '' : `: ${OUTCOME_WORDS[d.outcome] ?? d.outcome}`;
        verdict = `${dice(d.roll)}, ${d.margin} over${d.cause === 'rally' ? ', failed' : outcome}`;
        ruleIds.push('HH-3');
        if (d.cause !== 'rally' && d.outcome !== 'passed') ruleIds.push(OUTCOME_RULES[d.outcome] ?? 'HH-3');
      }
      return line(context, `${against}; ${verdict}.`, ruleIds, [d.roll]);
    }
    case 'AttackerVictorious': {
      const d = event.data;
      return line(
        context,
        `${unit(context, d.unitId)} was victorious: +1 on its impacts in turn ${d.inTurn}.`,
        ['HH-17', 'Q-6'],
      );
    }
    case 'GroundGiven': {
      const d = event.data;
      const name = unit(context, d.unitId);
      let moved: string;
      if (!d.couldMove) {
        moved = d.outcome === 'reform' ? 'could not give ground and stayed' : 'could not move back';
      } else {
        moved =
          d.outcome === 'reform'
            ? 'gave ground half a move'
            : d.outcome === 'retreat'
              ? 'retreated a full move'
              : 'fled twice its move';
      }
      const parts = [
        `${d.cause === 'shooting' ? 'after shooting, ' : ''}${name} ${moved}${d.leftTable ? ', off the table' : ''}`,
      ];
      if (d.brokeContactWith.length > 0)
        parts[0] += `, breaking contact with ${list(d.brokeContactWith.map((id) => unit(context, id)))}`;
      const states = [d.disordered ? 'disordered' : '', d.broken ? 'broken' : ''].filter(Boolean);
      if (states.length > 0) parts[0] += `, ${list(states)}`;
      parts.push(...restrictions(d.restrictions));
      if (d.impactBonusAgainst) {
        parts.push(
          `enemies attacking it in turn ${d.impactBonusAgainst.inTurn} get ${signed(d.impactBonusAgainst.value)}`,
        );
      }
      return line(context, `${parts.join('; ')}.`, [
        OUTCOME_RULES[d.outcome] ?? 'HH-11',
        ...d.restrictions.map((r) => r.ruleId),
        ...(d.impactBonusAgainst ? [d.impactBonusAgainst.ruleId] : []),
        ...(d.leftTable ? ['HH-15'] : []),
      ]);
    }
    case 'ReformStuck': {
      const d = event.data;
      const times = d.count === 1 ? 'once' : `${d.count} times in a row`;
      const next = d.surrenders ? 'it surrenders instead' : 'the impact is rolled again at +1';
      return line(context, `${unit(context, d.unitId)} was stuck in reform ${times}: ${next}.`, [
        'HH-11',
        'Q-7',
        ...(d.surrenders ? [] : ['Q-12']),
      ]);
    }
    case 'UnitRallied': {
      const d = event.data;
      return line(
        context,
        [`${unit(context, d.unitId)} rallied and reformed`, ...restrictions(d.restrictions)].join('; ') + '.',
        ['HH-13', ...d.restrictions.map((r) => r.ruleId)],
      );
    }
    case 'UnitWithdrew': {
      const d = event.data;
      const from =
        d.brokeContactWith.length > 0
          ? ` from contact with ${list(d.brokeContactWith.map((id) => unit(context, id)))}`
          : '';
      return line(
        context,
        `${unit(context, d.unitId)} withdrew${from}${d.leftTable ? ', off the table' : ''}.`,
        ['HH-15'],
      );
    }
    case 'UnitRemoved': {
      const d = event.data;
      return line(
        context,
        `${unit(context, d.unitId)} was removed: it ${REMOVAL_WORDS[d.reason] ?? d.reason}.`,
        [d.ruleId],
      );
    }
    case 'TurnEnded':
      return turnEnded(
        context,
        event.data.endedSide,
        event.data.endedTurn,
        event.data.turn,
        event.data.activeSide,
      );
    case 'RallyTestRequired': {
      const d = event.data;
      return line(
        context,
        `${unit(context, d.unitId)}, broken, must first take its rally test against its base morale.`,
        ['HH-13', 'Q-13'],
        [],
        d.turn,
      );
    }
    default:
      return assertNever(event, 'hand-to-hand event');
  }
}

// ---------------------------------------------------------------------------------------------------
// atomic-africa

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
): string {
  const rolled = d.roll ? dice(d.roll) : 'no dice to roll';
  const massFire = d.massFire ? ' with Mass Fire' : '';
  const dugIn = d.targetDugIn ? ', the target dug in' : '';
  return `${unit(context, d.attackerId)} ${verb} ${unit(context, d.targetId)} ${range} (threshold ${d.threshold}): ${rolled}${massFire}, hitting on ${d.hitOn}+${dugIn}: ${plural(d.hits, 'hit')}, ${d.suppressed ? 'suppressed' : 'not suppressed'}.`;
}

const UNIT_TYPE_WORDS: Record<string, string> = {
  'light-infantry': 'light infantry',
  infantry: 'infantry',
  vehicle: 'vehicle',
};

function describeAtomicAfrica(context: LogContext, event: AtomicAfricaEvent): LogLine {
  switch (event.type) {
    case 'MatchCreated':
      return matchCreated(context, event.data);
    case 'UnitRegistered': {
      const d = event.data;
      return setup(
        context,
        `${sideName(context, d.side)} registered ${named(d.name)}: ${UNIT_TYPE_WORDS[d.unitType] ?? d.unitType}, movement ${inches(d.movement)}, firepower ${d.firepower}.`,
        ['AA-3'],
      );
    }
    case 'ContactReported': {
      const [a, b] = event.data.unitIds;
      return line(context, `${unit(context, a)} and ${unit(context, b)} reported base-to-base contact.`, [
        'AA-3',
      ]);
    }
    case 'OrderSealed': {
      const d = event.data;
      const who = sideName(context, d.side);
      // AA-2: a card appears here only when the event was viewed by its own side.
      const sentence = d.card
        ? `${who} sealed ${card(d.card)} as the orders of ${unit(context, d.unitId)}.`
        : d.sealedAs === 'commitment'
          ? `${who} sealed the orders of ${unit(context, d.unitId)} as commitment ${short(d.commitment)}.`
          : `${who} sealed an orders card for ${unit(context, d.unitId)}.`;
      return line(context, sentence, ['AA-1', 'AA-2']);
    }
    case 'IntentDeclared': {
      const d = event.data;
      return line(
        context,
        `${unit(context, d.unitId)}, ${d.role}, declared ${d.intent} against ${unit(context, d.opponentId)}.`,
        ['AA-4'],
      );
    }
    case 'OrderRevealed': {
      const d = event.data;
      const action = d.specialAction ? `, announcing ${d.specialAction}` : '';
      const checked = d.salt ? ', matching its commitment' : '';
      return line(
        context,
        `${possessive(unit(context, d.unitId))} orders card was revealed: ${card(d.card)}${action}${checked}.`,
        ['AA-5', ...(d.specialAction ? ['AA-7'] : []), ...(d.salt ? ['AA-2'] : [])],
      );
    }
    case 'FleeJudged': {
      const d = event.data;
      const name = possessive(unit(context, d.unitId));
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
    case 'PursuitDecided': {
      const d = event.data;
      const pursuer = unit(context, d.unitId);
      const fleeing = unit(context, d.fleeingId);
      if (d.outcome === 'not-pursued')
        return line(context, `${pursuer} did not pursue ${fleeing}.`, ['AA-9']);
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
    case 'BreakOffReported': {
      const d = event.data;
      const range = d.rangeInches === null ? '' : `; ${inches(d.rangeInches)} between the In-transit figures`;
      return line(
        context,
        `${unit(context, d.unitId)} broke off: Destination ${d.destination}, In-transit ${d.inTransit}${range}.`,
        ['AA-8'],
      );
    }
    case 'CloseCombatAttackRolled': {
      const d = event.data;
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
    case 'CloseCombatAttackForgone': {
      const d = event.data;
      return line(
        context,
        `${unit(context, d.attackerId)} could not attack ${unit(context, d.targetId)}: ${inches(d.rangeInches)} is beyond range.`,
        ['AA-10', 'AA-11'],
      );
    }
    case 'CloseCombatEnded': {
      const d = event.data;
      const [a, b] = d.unitIds;
      const how = d.inContact
        ? 'they stay in contact'
        : `${list(d.escaped.map((id) => unit(context, id)))} escaped and the contact is gone`;
      return line(
        context,
        `the close combat of ${unit(context, a)} and ${unit(context, b)} was over: ${how}.`,
        ['AA-10'],
      );
    }
    case 'RangedAttackRolled': {
      const d = event.data;
      return line(
        context,
        attack(context, d, 'fired at', `at ${inches(d.rangeInches)}`),
        ['AA-11', 'AA-12', ...(d.massFire || d.targetDugIn ? ['AA-7'] : [])],
        [d.roll],
      );
    }
    case 'TurnEnded':
      return turnEnded(
        context,
        context.activeSide,
        event.data.turn,
        event.data.nextTurn,
        event.data.activeSide,
      );
    case 'CloseCombatBegan': {
      const [a, b] = event.data.unitIds;
      return line(
        context,
        `${unit(context, a)} and ${unit(context, b)} began the turn in close combat.`,
        ['AA-3'],
        [],
        event.data.turn,
      );
    }
    default:
      return assertNever(event, 'atomic-africa event');
  }
}

// ---------------------------------------------------------------------------------------------------
// the match itself

function describeMatchLevel(context: LogContext, event: MatchLevelEvent): LogLine {
  switch (event.type) {
    case 'ClientSeedAdded':
      return line(context, `${sideName(context, event.data.side)} added a client seed to the server dice.`, [
        'C-2',
      ]);
    case 'UndoRequested': {
      const d = event.data;
      return line(
        context,
        `${sideName(context, d.side)} asked to undo back to event ${d.toRevision} (request ${d.requestId}): ${quote(d.reason)}.`,
        ['C-5'],
      );
    }
    case 'UndoAgreed':
      return line(
        context,
        `${sideName(context, event.data.side)} agreed to undo request ${event.data.requestId}.`,
        ['C-5'],
      );
    case 'UndoDeclined':
      return line(
        context,
        `${sideName(context, event.data.side)} declined undo request ${event.data.requestId}.`,
        ['C-5'],
      );
    case 'ActionsReverted': {
      const d = event.data;
      const undone =
        d.fromRevision === d.throughRevision
          ? `event ${d.fromRevision} was undone`
          : `events ${d.fromRevision} to ${d.throughRevision} were undone`;
      const who =
        d.orderedBy === 'judge'
          ? `ordered by the judge${d.disputeId ? ` on dispute ${d.disputeId}` : ''}`
          : `asked by ${sideName(context, d.requestedBy)}, agreed by ${sideName(context, d.agreedBy)}`;
      return line(
        context,
        `${undone}, back to the match as it stood after event ${d.toRevision} (${who}): ${quote(d.reason)}; they stay in the log and the dice keep counting.`,
        ['C-5'],
      );
    }
    case 'DisputeRaised': {
      const d = event.data;
      return line(
        context,
        `${sideName(context, d.side)} disputed event ${d.revision} (dispute ${d.disputeId}): ${quote(d.claim)}.`,
        // The claim names no rule; the judge's ruling does.
        [],
      );
    }
    case 'DisputeRuled': {
      const d = event.data;
      const backup = d.backupTo === null ? '' : `; the match goes back to event ${d.backupTo}`;
      return line(
        context,
        `the judge ${d.ruling} dispute ${d.disputeId} under ${d.ruleId}: ${quote(d.note)}${backup}.`,
        [d.ruleId, ...(d.backupTo === null ? [] : ['C-5'])],
      );
    }
    case 'MatchEnded': {
      const d = event.data;
      const result = d.result.winner ? `${sideName(context, d.result.winner)} won` : 'a draw';
      const note = d.result.note ? ` (${d.result.note})` : '';
      const seed = d.serverSeed
        ? ` The server seed is revealed (${short(d.serverSeed)}): every server roll can now be recomputed.`
        : '';
      return line(context, `the match ended: ${result}${note}.${seed}`, d.serverSeed ? ['C-2'] : []);
    }
    default:
      return assertNever(event, 'match-level event');
  }
}
