import { readFileSync } from 'node:fs';
import { longMatch } from '../../bench/verify-match.js';
import { MatchFold } from '../../src/match/fold.js';
import { NO_DICE } from '../../src/rules/common/dice.js';
import type { JsonSchema } from '../../src/rules/common/json-schema.js';
import { MATCH_LEVEL_EVENT_SCHEMAS } from '../../src/rules/match/event-schemas.js';
import { isMatchLevelEvent, MATCH_LEVEL_EVENT_TYPES } from '../../src/rules/match/index.js';
import { decideMatchLevel, type MatchLevelCommand } from '../../src/rules/match/match-level.js';
import {
  allRulesets,
  type AnyRuleset,
  currentRuleset,
  RULESET_IDS,
  versionsOf,
} from '../../src/rulesets/registry.js';
import { TOURNAMENT_EVENT_SCHEMAS } from '../../src/rules/tournament/event-schemas.js';
import {
  type TournamentCommand,
  tournamentDecider,
  type TournamentEvent,
  type TournamentState,
} from '../../src/rules/tournament/index.js';
import { atomicAfricaV2 } from '../../src/rules/atomic-africa/index.js';
import { engaged, Match, revealed } from '../rules/atomic-africa/fixtures.js';
import {
  charge,
  chargeAndHold,
  endTurn,
  giveGround,
  givenMatch,
  givenMatchV2,
  givenMeleeTest,
  meleeTest,
  rollImpact,
  WILL_PASS,
  withdraw,
} from '../rules/hand-to-hand/fixtures.js';
import { battle, sealCommitment } from '../rules/atomic-africa/v2/fixtures.js';
import { schemaErrors } from './json-schema-check.js';

/**
 * The schemas each ruleset hands the OpenAPI document (Ruleset.schemas) against real events: every
 * event type it records has one, and events decided by the rules, with the states and roster rows
 * folded from them for every viewer, fit them exactly (the schemas are closed: no member unlisted).
 */

type Event = { type: string; data: unknown; metadata?: { revision: number } };
const check = (schema: JsonSchema, value: unknown, where: string) =>
  schemaErrors(schema as unknown as Record<string, unknown>, value).map((e) => `${where} ${e}`);

/** Every mismatch of the events, and of the states, views and roster rows after each of them. */
function mismatches(ruleset: AnyRuleset, events: readonly Event[], every = 1): string[] {
  const fold = new MatchFold(ruleset);
  const found: string[] = [];
  events.forEach((event, i) => {
    const revision = i + 1;
    const schema = isMatchLevelEvent(event)
      ? MATCH_LEVEL_EVENT_SCHEMAS[event.type]
      : ruleset.schemas.eventData[event.type];
    if (!schema) found.push(`${event.type}: no schema`);
    else {
      for (const side of [undefined, 'A', 'B'] as const) {
        const viewed = isMatchLevelEvent(event) ? event : ruleset.viewEvent(event, side ? { side } : {});
        found.push(...check(schema, viewed.data, `${event.type} #${revision} (viewer ${side ?? '-'})`));
      }
    }
    fold.apply({ type: event.type, data: event.data, metadata: { revision } });
    if (revision % every === 0 || revision === events.length) {
      for (const side of [undefined, 'A', 'B'] as const) {
        const view = ruleset.viewState(fold.state, side ? { side } : {});
        found.push(
          ...check(ruleset.schemas.stateView, view, `state after #${revision} (viewer ${side ?? '-'})`),
        );
      }
      for (const row of ruleset.roster(fold.state))
        found.push(...check(ruleset.schemas.rosterDetail, row.detail, `roster after #${revision}`));
    }
  });
  return [...new Set(found)];
}

function fixture(name: string): Event[] {
  return readFileSync(new URL(`../audit/fixtures/${name}.ndjson`, import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Event & { metadata?: unknown })
    .filter((line) => typeof line.type === 'string');
}

/** Hand-to-hand steps a long random match seldom reaches: surrender, a stuck reform, a withdrawal, version 2's attacks ended without impact. */
function handToHandScenarios(): { version: string; events: Event[] }[] {
  const surrender = givenMatchV2();
  surrender.do(charge('C1', 'Z1', 'N1', 'left-flank'), WILL_PASS);
  surrender.do(charge('C2', 'Z2', 'N1', 'rear'), WILL_PASS);
  surrender.do(endTurn);

  const stuck = givenMatch();
  givenMeleeTest(stuck, 3, [2, 3]);
  stuck.do(giveGround('N1', false));
  stuck.do(rollImpact('C1'), [3]);
  stuck.do(meleeTest('N1'), [1, 3]);
  stuck.do(giveGround('N1', false));
  stuck.do(rollImpact('C1'), [3]);
  stuck.do(meleeTest('N1'), [1, 3]);
  stuck.do(giveGround('N1', false));

  const withdrawal = givenMatchV2();
  chargeAndHold(withdrawal, 'C1', 'Z1', 'N1', 'front');
  withdrawal.do(endTurn);
  withdrawal.do(withdraw('N1', true));
  return [
    { version: '2.0.0', events: surrender.events },
    { version: '1.0.0', events: stuck.events },
    { version: '2.0.0', events: withdrawal.events },
  ];
}

/** Atomic-africa close combats and ranged fire, version 1: a pursuit that catches, one that does not, fire beyond range. */
function atomicAfricaV1Matches(): Event[][] {
  const caught = revealed(engaged({ movement: 6 }, { movement: 8 }), {
    a: '7S',
    b: '8C',
    aIntent: 'flee',
    bIntent: 'fight',
  });
  caught.run({ type: 'Pursue', unitId: 'B1', pursue: true });
  caught.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [3, 4]);
  caught.run({ type: 'EndTurn' });

  const escaped = revealed(engaged(), { a: '7S', b: '8C', aIntent: 'flee', bIntent: 'fight' });
  escaped.run({ type: 'Pursue', unitId: 'B1', pursue: true });
  escaped.run({
    type: 'ReportBreakOff',
    unitId: 'A1',
    destination: 'kraal',
    inTransit: 'gate',
    rangeInches: 30,
  });

  const ranged = new Match().create().unit('A1', 'A').unit('B1', 'B');
  ranged.run({ type: 'EndTurn' });
  ranged.run({ type: 'EndTurn' });
  ranged.run({ type: 'RangedAttack', attackerId: 'A1', targetId: 'B1', rangeInches: 10 }, [5, 2]);
  ranged.run({ type: 'ReportContact', unitId: 'A1', enemyId: 'B1' });
  return [
    caught.events,
    escaped.events,
    withMatchLevelSteps(ranged.ruleset as unknown as AnyRuleset, ranged.events),
  ];
}

/** The match-level steps the long hand-to-hand match leaves out: an undo declined, a dispute raised and ruled. */
function withMatchLevelSteps(ruleset: AnyRuleset, events: Event[]): Event[] {
  const all = [...events];
  const fold = new MatchFold(ruleset);
  all.forEach((event, i) =>
    fold.apply({ type: event.type, data: event.data, metadata: { revision: i + 1 } }),
  );
  const decide = (command: MatchLevelCommand, actor: { role: 'player' | 'judge'; side?: 'A' | 'B' }) => {
    for (const event of decideMatchLevel(fold.meta, command, actor, {
      revision: all.length,
      serverSeed: null,
    })) {
      all.push(event);
      fold.apply({ type: event.type, data: event.data, metadata: { revision: all.length } });
    }
  };
  const toRevision = fold.meta.turnStartedAt;
  decide(
    { type: 'RequestUndo', requestId: 'u1', toRevision, reason: 'wrong target' },
    { role: 'player', side: 'A' },
  );
  decide({ type: 'AnswerUndo', requestId: 'u1', agree: false }, { role: 'player', side: 'B' });
  decide(
    { type: 'RaiseDispute', disputeId: 'd1', revision: all.length, claim: 'range' },
    { role: 'player', side: 'B' },
  );
  decide(
    { type: 'RuleDispute', disputeId: 'd1', ruling: 'dismissed', ruleId: 'AA-11', note: 'measured' },
    { role: 'judge' },
  );
  return all;
}

/** Version 2: card codes, commitments, a clash, every pursuit an event. */
function atomicAfricaV2Match(): Event[] {
  const match = battle({ A1: {}, A2: {}, B1: {}, B2: {} }, [['A1', 'B1']]);
  sealCommitment(match, 'A1', '7S', 'a1-salt-0c9d8e7f6a5b4c3d2e1f');
  sealCommitment(match, 'A2', '7S', 'a2-salt-1f2e3d4c5b6a7f8e9d0c');
  match.seal('B1', '5H').seal('B2', '4D');
  match.run({ type: 'RevealOrder', unitId: 'A2', card: '7S', salt: 'a2-salt-1f2e3d4c5b6a7f8e9d0c' });
  match.declare('A1', 'flee').declare('B1', 'fight');
  match.run({ type: 'RevealOrder', unitId: 'A1', card: '7S', salt: 'a1-salt-0c9d8e7f6a5b4c3d2e1f' });
  match.run({ type: 'RevealOrder', unitId: 'B1', card: '5H' });
  return match.events;
}

describe('the rulesets’ event and state schemas (Ruleset.schemas) hold real events', () => {
  it('every event type of every registered version has a data schema, and no schema names a type nobody records', () => {
    for (const id of RULESET_IDS) {
      const recorded = new Set(versionsOf(id).flatMap((ruleset) => ruleset.eventTypes));
      for (const ruleset of versionsOf(id)) {
        expect([id, ruleset.version, Object.keys(ruleset.schemas.eventData).sort()]).toEqual([
          id,
          ruleset.version,
          [...recorded].sort(),
        ]);
      }
    }
    expect(Object.keys(MATCH_LEVEL_EVENT_SCHEMAS).sort()).toEqual([...MATCH_LEVEL_EVENT_TYPES].sort());
    expect(allRulesets().length).toBeGreaterThan(RULESET_IDS.length - 1);
  });

  it('a long hand-to-hand match (charges, impacts, tests, giving ground, rallies, undos, the end) and surrender, stuck reforms, withdrawals fit, event by event', () => {
    const { events } = longMatch(1500, 'schemas-hh');
    const seen = new Set(events.map((e) => e.type));
    expect(mismatches(currentRuleset('hand-to-hand')!, events, 50)).toEqual([]);
    for (const { version, events: scenario } of handToHandScenarios()) {
      scenario.forEach((e) => seen.add(e.type));
      const ruleset = versionsOf('hand-to-hand').find((r) => r.version === version)!;
      expect(mismatches(ruleset, scenario)).toEqual([]);
    }
    // Every hand-to-hand event type and every match-level one is decided at least once above.
    expect([...seen].filter((type) => !MATCH_LEVEL_EVENT_TYPES.has(type)).sort()).toEqual(
      Object.keys(currentRuleset('hand-to-hand')!.schemas.eventData).sort(),
    );
    expect([...seen].filter((type) => MATCH_LEVEL_EVENT_TYPES.has(type)).sort()).toEqual(
      expect.arrayContaining([
        'ActionsReverted',
        'ClientSeedAdded',
        'MatchEnded',
        'UndoAgreed',
        'UndoRequested',
      ]),
    );
  });

  it('the recorded version 1 matches of both rulesets fit (test/audit/fixtures)', () => {
    expect(mismatches(versionsOf('hand-to-hand')[0]!, fixture('hand-to-hand-1.0.0'))).toEqual([]);
    expect(mismatches(versionsOf('atomic-africa')[0]!, fixture('atomic-africa-1.0.0'))).toEqual([]);
  });

  it('atomic-africa close combats, pursuits, break-offs and ranged fire fit, hidden cards included, versions 1 and 2, with undos declined and disputes ruled', () => {
    const v1 = versionsOf('atomic-africa')[0]!;
    const seen = new Set<string>();
    for (const events of atomicAfricaV1Matches()) {
      events.forEach((e) => seen.add(e.type));
      expect(mismatches(v1, events)).toEqual([]);
    }
    const v2Events = atomicAfricaV2Match();
    v2Events.forEach((e) => seen.add(e.type));
    expect(mismatches(atomicAfricaV2 as unknown as AnyRuleset, v2Events)).toEqual([]);
    // Every atomic-africa event type is decided at least once above, and the match-level steps.
    expect([...seen].filter((type) => !MATCH_LEVEL_EVENT_TYPES.has(type)).sort()).toEqual(
      Object.keys(v1.schemas.eventData).sort(),
    );
    expect([...seen].filter((type) => MATCH_LEVEL_EVENT_TYPES.has(type)).sort()).toEqual([
      'DisputeRaised',
      'DisputeRuled',
      'UndoDeclined',
      'UndoRequested',
    ]);
  });

  it('the checker refuses what does not fit: a missing member, an extra one, a wrong type, a word not in the list', () => {
    const schema = currentRuleset('hand-to-hand')!.schemas.eventData.UnitRemoved!;
    const data = { unitId: 'Z1', reason: 'rout', ruleId: 'HH-14' };
    expect(check(schema, data, '')).toEqual([]);
    expect(check(schema, { unitId: 'Z1', reason: 'rout' }, '')).toEqual([' $.ruleId: missing']);
    expect(check(schema, { ...data, extra: 1 }, '')).toEqual([' $.extra: not in the schema']);
    expect(check(schema, { ...data, unitId: 3 }, '')).toEqual([' $.unitId: 3 is not a string']);
    expect(check(schema, { ...data, reason: 'bored' }, '')).toHaveLength(1);
  });

  it('a tournament run through its rules (rounds, byes, results reported, disputed, overridden, forfeits, referee matches) fits, event by event', () => {
    let state: TournamentState = tournamentDecider.initialState();
    const events: TournamentEvent[] = [];
    const run = (command: TournamentCommand) => {
      const decided = tournamentDecider.decide(state, command, NO_DICE);
      for (const event of decided) state = tournamentDecider.evolve(state, event);
      events.push(...decided);
    };
    const at = (round: number, table: number) => ({ round, table });
    run({
      type: 'CreateTournament',
      tournamentId: 'cup',
      name: 'Cup',
      scoring: { win: 3, draw: 1, loss: 0 },
      tieBreaks: ['buchholz'],
    });
    run({ type: 'RegisterParticipant', name: 'Ann', club: 'North', faction: 'Zulus', seed: 1 });
    for (const name of ['Ben', 'Cat', 'Dan', 'Eve', 'Fay']) run({ type: 'RegisterParticipant', name });
    for (const n of [1, 2, 3, 4, 5]) run({ type: 'CheckInParticipant', participantId: `p${n}` });
    run({ type: 'WithdrawParticipant', participantId: 'p6', reason: 'ill' });
    const pairs = (...list: [string, string][]) => list.map(([A, B]) => ({ A, B }));
    run({
      type: 'OpenRound',
      round: 1,
      method: 'imported',
      pairings: pairs(['p1', 'p2'], ['p3', 'p4']),
      byes: ['p5'],
    });
    run({
      type: 'EditPairings',
      round: 1,
      pairings: pairs(['p1', 'p3'], ['p2', 'p4']),
      byes: ['p5'],
      reason: 'clubs',
    });
    run({ type: 'StartRound', round: 1 });
    run({ type: 'ReportResult', ...at(1, 1), participantId: 'p1', outcome: 'A', note: 'close' });
    run({ type: 'ConfirmResult', ...at(1, 1), participantId: 'p3' });
    run({ type: 'ReportResult', ...at(1, 2), participantId: 'p2', outcome: 'B' });
    run({ type: 'DisputeResult', ...at(1, 2), participantId: 'p4', reason: 'it was a draw' });
    run({ type: 'OverrideResult', ...at(1, 2), outcome: 'draw', reason: 'judge' });
    run({ type: 'DropParticipant', participantId: 'p5', reason: 'train' });
    run({
      type: 'OpenRound',
      round: 2,
      method: 'imported',
      pairings: pairs(['p1', 'p2'], ['p3', 'p4']),
      byes: [],
    });
    run({
      type: 'ReschedulePairing',
      ...at(2, 2),
      toTable: 3,
      startsAt: '2026-04-11T14:00:00.000Z',
      reason: 'light',
    });
    run({ type: 'StartRound', round: 2 });
    run({ type: 'ScheduleMatch', matchId: 'm1', round: 2, table: 1, players: { A: 'Ann', B: 'Ben' } });
    run({ type: 'RecordRefereeResult', matchId: 'm1', outcome: 'A', endedRevision: 12 });
    run({ type: 'RecordForfeit', ...at(2, 3), participantId: 'p4', reason: 'absent' });
    run({
      type: 'OpenRound',
      round: 3,
      method: 'imported',
      pairings: pairs(['p1', 'p3'], ['p2', 'p4']),
      byes: [],
    });
    run({ type: 'StartRound', round: 3 });
    run({ type: 'VoidPairing', ...at(3, 2), reason: 'no table' });
    const clockAt = (minute: number) => `2026-04-11T15:${String(minute).padStart(2, '0')}:00.000Z`;
    run({ type: 'StartRoundClock', round: 3, seconds: 3600, policy: 'finish-turn', at: clockAt(0) });
    run({ type: 'PauseRoundClock', round: 3, at: clockAt(10) });
    run({ type: 'ResumeRoundClock', round: 3, at: clockAt(12) });
    run({ type: 'ExtendRoundClock', round: 3, seconds: 120, reason: 'paused', at: clockAt(12) });
    run({ type: 'CallTime', round: 3, at: clockAt(59) });

    const mismatched = events.flatMap((event, i) =>
      check(TOURNAMENT_EVENT_SCHEMAS[event.type], event.data, `${event.type} #${i + 1}`),
    );
    expect(mismatched).toEqual([]);
    expect([...new Set(events.map((e) => e.type))].sort()).toEqual(
      Object.keys(TOURNAMENT_EVENT_SCHEMAS).sort(),
    );
    expect(
      check(
        TOURNAMENT_EVENT_SCHEMAS.ResultReported,
        { round: 1, table: 2, outcome: 'C', reportedBy: 'p2' },
        '',
      ),
    ).toHaveLength(1);
  });
});
