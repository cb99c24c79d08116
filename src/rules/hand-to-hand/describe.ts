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
  num,
  possessive,
  setup,
  sideName,
  signed,
  turnEnded,
  unit,
} from '../common/index.js';
import type { HandToHandEvent, RestrictionEntry } from './events.js';
import { REMOVED_BECAUSE } from './vocabulary.js';

/** The turn-log sentence of each hand-to-hand event: one small function per event type. */
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

const NO_IMPACT_BECAUSE: Record<Data<'AttackEndedWithoutImpact'>['reason'], string> = {
  'defender-surrendered': 'had surrendered',
  'defender-removed': 'had been removed',
  'defender-left-contact': 'had left contact',
};

function restrictions(entries: readonly RestrictionEntry[]): string[] {
  return entries.map((r) => `it may not ${r.restriction} in turn ${r.inTurn}`);
}

type Data<Type extends HandToHandEvent['type']> = Extract<HandToHandEvent, { type: Type }>['data'];

function chargeDeclared(context: LogContext, d: Data<'ChargeDeclared'>): LogLine {
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

function willpowerTested(context: LogContext, d: Data<'WillpowerTested'>): LogLine {
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

function impactRolled(context: LogContext, d: Data<'ImpactRolled'>): LogLine {
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

/** What the test was taken against, and the rules that say so. */
function moraleTestAgainst(name: string, d: Data<'MoraleTested'>): { against: string; ruleIds: string[] } {
  if (d.cause === 'rally') {
    return {
      against: `${possessive(name)} rally test against its base morale ${d.baseMorale}`,
      ruleIds: ['HH-13', 'Q-13', 'HH-2'],
    };
  }
  if (d.cause === 'shooting') {
    return {
      against: `${possessive(name)} morale test after shooting: morale ${d.baseMorale} − penalty ${d.penalty ?? 0} = ${num(d.effectiveMorale)}`,
      ruleIds: ['HH-18', 'HH-2'],
    };
  }
  return {
    against: `${possessive(name)} morale test: morale ${d.baseMorale} − impact ${d.impact ?? 0} = ${num(d.effectiveMorale)}`,
    ruleIds: ['HH-8', 'HH-2'],
  };
}

function moraleTested(context: LogContext, d: Data<'MoraleTested'>): LogLine {
  const { against, ruleIds } = moraleTestAgainst(unit(context, d.unitId), d);
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

function groundGiven(context: LogContext, d: Data<'GroundGiven'>): LogLine {
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

const DESCRIBERS: Describers<HandToHandEvent> = {
  MatchCreated: matchCreated,
  UnitRegistered: (context, d) =>
    setup(
      context,
      `${capitalised(named(d.name))} takes the field for ${sideName(context, d.side)}: morale ${d.morale}, move ${inches(d.move)}.`,
      ['HH-1'],
    ),
  ChargeDeclared: chargeDeclared,
  WillpowerTested: willpowerTested,
  ChargeFaltered: (context, d) =>
    line(
      context,
      `${possessive(unit(context, d.attackerId))} charge on ${unit(context, d.defenderId)} faltered: no contact, no impact, it stays where it was.`,
      ['HH-5', 'Q-3'],
    ),
  ContactMade: (context, d) =>
    line(
      context,
      `${unit(context, d.attackerId)} made contact with ${possessive(unit(context, d.defenderId))} ${ASPECT_WORDS[d.aspect] ?? d.aspect}.`,
      ['HH-4', 'HH-6'],
    ),
  DefenderSurrendered: (context, d) =>
    line(
      context,
      `${unit(context, d.unitId)}, contacted on its ${list(d.contactAspects.map((a) => ASPECT_WORDS[a] ?? a))} and not to its front, surrendered at once.`,
      ['HH-9'],
    ),
  AttackEndedWithoutImpact: (context, d) =>
    line(
      context,
      `${possessive(unit(context, d.attackerId))} attack on ${unit(context, d.defenderId)} ended without an impact: ${unit(context, d.defenderId)} ${NO_IMPACT_BECAUSE[d.reason]} before its turn.`,
      ['Q-17', ...(d.reason === 'defender-surrendered' ? ['HH-9'] : [])],
    ),
  ImpactRolled: impactRolled,
  MoraleTested: moraleTested,
  AttackerVictorious: (context, d) =>
    line(context, `victory for ${unit(context, d.unitId)}, whose impacts take +1 in turn ${d.inTurn}.`, [
      'HH-17',
      'Q-6',
    ]),
  GroundGiven: groundGiven,
  ReformStuck: (context, d) => {
    const times = d.count === 1 ? 'once' : `${d.count} times in a row`;
    const next = d.surrenders ? 'it surrenders instead' : 'the impact is rolled again at +1';
    return line(context, `${unit(context, d.unitId)} was stuck in reform ${times}: ${next}.`, [
      'HH-11',
      'Q-7',
      ...(d.surrenders ? [] : ['Q-12']),
    ]);
  },
  UnitRallied: (context, d) =>
    line(
      context,
      [`${unit(context, d.unitId)} rallied and reformed`, ...restrictions(d.restrictions)].join('; ') + '.',
      ['HH-13', ...d.restrictions.map((r) => r.ruleId)],
    ),
  UnitWithdrew: (context, d) => {
    const from =
      d.brokeContactWith.length > 0
        ? ` from contact with ${list(d.brokeContactWith.map((id) => unit(context, id)))}`
        : '';
    const barred = d.restrictions ?? [];
    return line(
      context,
      [
        `${unit(context, d.unitId)} withdrew${from}${d.leftTable ? ', off the table' : ''}`,
        ...restrictions(barred),
      ].join('; ') + '.',
      ['HH-15', ...barred.map((r) => r.ruleId)],
    );
  },
  UnitRemoved: (context, d) =>
    line(context, `${unit(context, d.unitId)} was removed: it ${REMOVED_BECAUSE[d.reason] ?? d.reason}.`, [
      d.ruleId,
    ]),
  TurnEnded: (context, d) => turnEnded(context, d.endedSide, d.endedTurn, d.turn, d.activeSide),
  RallyTestRequired: (context, d) =>
    line(
      context,
      `${unit(context, d.unitId)}, broken, must first take its rally test against its base morale.`,
      ['HH-13', 'Q-13'],
      [],
      d.turn,
    ),
};

/** Every event type hand-to-hand records. */
export const EVENT_TYPES = Object.keys(DESCRIBERS) as readonly HandToHandEvent['type'][];

/** One sentence for one hand-to-hand event, as handed over (already viewed for its reader). */
export const describe = describeWith(DESCRIBERS);

/** The log context after an event: names, and the new turn (recorded as `turn`). */
export function logContextAfter(context: LogContext, event: HandToHandEvent): LogContext {
  if (event.type !== 'TurnEnded') return namesAfter(context, event);
  return { ...context, turn: Number(event.data.turn), activeSide: event.data.activeSide };
}
