import type { DomainEvent } from '../../../src/rules/common/decider.js';
import { RuleViolation } from '../../../src/rules/common/rule-violation.js';
import {
  type MatchLevelActor,
  type MatchLevelCommand,
  type MatchMeta,
  matchLevelDeciderV2,
  matchLevelDeciderV3,
  matchRules,
  matchRulesFor,
  matchRulesV2,
  matchRulesV3,
} from '../../../src/rules/match/index.js';
import { MATCH_RULE_TEXTS } from '../../../src/rules/match/rule-texts.js';
import { spec } from '../../support/decider-spec.js';

/**
 * C-7: time called on a round reaches each refereed match of it as TimeCalled, in the match's own
 * stream, with the organiser's policy. "stop-now": no game command after it. "finish-turn": game
 * commands go on until the turn in progress ends. Either way the match then awaits its end by a judge
 * or the organiser, and the match-level commands (disputes, the end) go on. Match-level rules 2.2.0
 * hold it; 2.1.0 and 1.0.0, which older logs record, know no time called.
 */
const v3 = spec(matchLevelDeciderV3);
const v2 = spec(matchLevelDeciderV2);
const organiser: MatchLevelActor = { role: 'organiser' };
const judge: MatchLevelActor = { role: 'judge' };
const playerA: MatchLevelActor = { role: 'player', side: 'A' };

const by = (actor: MatchLevelActor, c: MatchLevelCommand) => ({ command: c, actor, serverSeed: null });
const callTime = (policy: 'finish-turn' | 'stop-now'): MatchLevelCommand => ({
  type: 'RecordTimeCalled',
  policy,
  round: 2,
});
const event = (type: string, data: unknown = {}): DomainEvent => ({ type, data });
const created = event('MatchCreated');
const timeCalled = (policy: 'finish-turn' | 'stop-now') => event('TimeCalled', { policy, round: 2 });

/** What the match-level rules say of a game command sent after these events. */
function gameCommandAfter(events: DomainEvent[]): RuleViolation | undefined {
  const { meta } = v3.given(events).state as { meta: MatchMeta };
  try {
    matchRulesV3.refusePlay(meta);
    return undefined;
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
}

describe('C-7 time called (match-level rules 2.2.0)', () => {
  it('C-7 new matches are played under 2.2.0; 2.1.0 and 1.0.0 stay known for the logs that record them', () => {
    expect(matchRules).toBe(matchRulesV3);
    expect(matchRulesFor('2.2.0')?.decider).toBe(matchLevelDeciderV3);
    expect(matchRulesFor('2.1.0')).toBe(matchRulesV2);
    expect(MATCH_RULE_TEXTS['C-7']?.title).toBe('Time called');
  });

  it('C-7 given a match under way, when the organiser calls time, then TimeCalled records the policy and the round', () => {
    v3.given([created])
      .when(by(organiser, callTime('stop-now')))
      .then([timeCalled('stop-now')]);
    v3.given([created])
      .when(by(judge, callTime('finish-turn')))
      .then([timeCalled('finish-turn')]);
  });

  it('C-7 given time was called, when it is called again, or by a player, then it is refused', () => {
    v3.given([created, timeCalled('stop-now')])
      .when(by(organiser, callTime('stop-now')))
      .thenRefuses('C-7', 'conflict');
    v3.given([created])
      .when(by(playerA, callTime('stop-now')))
      .thenRefuses('C-7', 'conflict');
  });

  it('C-7 given a match under 2.1.0, when time is called, then it is refused: that version records no time called', () => {
    v2.given([created])
      .when(by(organiser, callTime('stop-now')))
      .thenRefuses('C-7', 'conflict');
    // And 2.1.0 refuses no game command for it.
    expect(() => matchRulesV2.refusePlay(v2.given([created]).state.meta)).not.toThrow();
  });

  it('C-7 given stop-now, when a game command comes, then it is refused naming C-7; the end is still accepted', () => {
    expect(gameCommandAfter([created])).toBeUndefined();
    const refusal = gameCommandAfter([created, timeCalled('stop-now')]);
    expect(refusal?.ruleId).toBe('C-7');
    expect(refusal?.message).toMatch(/stop now.*a judge or the organiser ends the match/);
    v3.given([created, timeCalled('stop-now')])
      .when(by(judge, { type: 'EndMatch', winner: 'A', note: 'time' }))
      .then([{ type: 'MatchEnded', data: { result: { winner: 'A', note: 'time' }, serverSeed: null } }]);
  });

  it('C-7 given finish-turn, when game commands come, then they go on until the turn ends, and are refused after it', () => {
    // given time called in the middle of a turn: the turn goes on
    expect(gameCommandAfter([created, timeCalled('finish-turn'), event('Charged')])).toBeUndefined();
    // when that turn ends, then no game command is accepted
    const refusal = gameCommandAfter([
      created,
      timeCalled('finish-turn'),
      event('Charged'),
      event('TurnEnded'),
    ]);
    expect(refusal?.ruleId).toBe('C-7');
    expect(refusal?.message).toMatch(/the turn it was called in has ended/);
  });

  it('C-7 a match that never had time called keeps the meta it had: nothing new in its state or snapshots', () => {
    const { meta } = v3.given([created, event('TurnEnded')]).state;
    expect('timeCalled' in meta).toBe(false);
  });
});
