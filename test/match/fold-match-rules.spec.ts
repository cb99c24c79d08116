import { longMatch } from '../../bench/verify-match.js';
import type { RecordedEvent } from '../../src/event-store/event-store.port.js';
import { MatchAggregate } from '../../src/match/match-aggregate.js';
import { MatchFold } from '../../src/match/fold.js';
import { matchRules, matchRulesFor, type MatchRules } from '../../src/rules/match/index.js';
import { currentRuleset } from '../../src/rulesets/registry.js';

/**
 * Logs verify forever: a match is folded by the match-level rules its first event records, as it is
 * decided by them, so that a later version of those rules (undo, backups, disputes, the end) leaves the
 * matches recorded before it as they were. Only one version exists yet, so a second one is made here: the
 * same code, but it forgets that a match ended.
 */
const { events, matchId } = longMatch(400, 'fold-match-rules');
const ruleset = currentRuleset('hand-to-hand')!;
const forgetsTheEnd: MatchRules = {
  ...matchRules,
  version: '9.0.0-test',
  evolveMeta: (meta, event, revision, serverRolls) =>
    event.type === 'MatchEnded' ? meta : matchRules.evolveMeta(meta, event, revision, serverRolls),
};

function folded(options: ConstructorParameters<typeof MatchFold>[1]): MatchFold {
  const fold = new MatchFold(ruleset, options);
  for (const event of events) fold.apply(event);
  return fold;
}

describe('the match-level rules a fold applies', () => {
  it('C-3 given a match that ended, when folded by the version it records, then it has ended', () => {
    expect(events.at(-1)!.type).toBe('MatchEnded');
    const fold = folded({ matchRules: matchRulesFor(events[0]!.metadata.matchRulesVersion)! });
    expect(fold.meta.ended).not.toBeNull();
  });

  it('C-3 given the same match, when folded by another version, then that version’s code decides its meta', () => {
    const fold = folded({ matchRules: forgetsTheEnd });
    expect(fold.matchRules).toBe(forgetsTheEnd);
    expect(fold.meta.ended).toBeNull();
    // The ruleset's own state is the same either way: the match-level rules fold only the meta.
    expect(fold.state).toEqual(folded({}).state);
  });

  it('a fold made without a version is the current one’s (a match being created now), and a snapshot keeps what it was given', () => {
    expect(folded({}).matchRules).toBe(matchRules);
    const image = folded({ matchRules: forgetsTheEnd }).image();
    expect(MatchFold.fromImage(ruleset, image, { matchRules: forgetsTheEnd }).matchRules).toBe(forgetsTheEnd);
  });

  it('the service’s aggregate folds with the version the first event records, from the stream and from a snapshot', () => {
    const first = { ...events[0]!, position: 1 } as RecordedEvent;
    const recorded = matchRulesFor(first.metadata.matchRulesVersion)!;
    const aggregate = MatchAggregate.start(matchId, first);
    expect(aggregate.matchRules).toBe(recorded);
    expect(aggregate.fold.matchRules).toBe(recorded);
    const again = MatchAggregate.fromImage(aggregate.image(), 0);
    expect(again.fold.matchRules).toBe(recorded);
  });
});
