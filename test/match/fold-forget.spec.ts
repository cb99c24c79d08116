import { longMatch } from '../../bench/verify-match.js';
import { revertTargetsIn } from '../../src/audit/verifier.js';
import { MatchFold } from '../../src/match/fold.js';
import { currentRuleset } from '../../src/rulesets/registry.js';

/**
 * C-5: a fold keeps the states of the current turn (what a player's undo reaches) and the revisions it
 * was asked to retain, and forgets the rest when a turn begins. It forgets from the front of the
 * revisions it kept in order; held here against the rule as first written: at every new
 * turn start, every kept state before it that is not retained goes.
 */
describe('the states a fold keeps (C-5)', () => {
  const { events } = longMatch(3_000, 'fold-forget');
  const ruleset = currentRuleset('hand-to-hand')!;
  const targets = revertTargetsIn(events);
  const retain = [...targets.filter((_, i) => i % 2 === 0), 17, 400];

  it('C-5 keeps the current turn and the retained revisions, through reverts to earlier turns and a snapshot', () => {
    expect(targets.length).toBeGreaterThan(5);
    let fold = new MatchFold(ruleset, { retain });
    const retained = new Set(retain);
    const model = new Set<number>([0]);
    let turnStartedAt = fold.meta.turnStartedAt;
    events.forEach((event, i) => {
      fold.apply(event);
      const revision = event.metadata.revision;
      model.add(revision);
      if (fold.meta.turnStartedAt !== turnStartedAt) {
        turnStartedAt = fold.meta.turnStartedAt;
        for (const kept of model) if (kept < turnStartedAt && !retained.has(kept)) model.delete(kept);
      }
      if (i % 97 === 0 || event.type === 'ActionsReverted' || event.type === 'TurnEnded') {
        // Compared in plain code, one expectation per check: each revision the fold keeps or forgets
        // as the model says (a list of the revisions where they differ, empty when none do).
        const differ: number[] = [];
        for (let r = 0; r <= revision; r++) if (fold.keeps(r) !== model.has(r)) differ.push(r);
        expect({ revision, differ }).toEqual({ revision, differ: [] });
      }
      // Halfway, the fold goes on from its image, as the service does from a snapshot.
      if (i === 1_500) fold = MatchFold.fromImage(ruleset, fold.image(), { retain });
    });
  });

  it('C-5 a fold from its image, through JSON as a snapshot is, holds one state where the fold held one, and reads an image written before states were shared', () => {
    // Given a fold inside a turn whose last events are match-level records (disputes), which change no
    // ruleset state: the states after them are the very state after the event they dispute.
    const fold = new MatchFold(ruleset);
    const head = events.slice(0, 40);
    head.forEach((event) => fold.apply(event));
    const gameHead = fold.revision;
    const dispute = (revision: number) => ({
      type: 'DisputeRaised',
      data: { disputeId: `d${revision}`, side: 'A', revision: gameHead, claim: 'out of range' },
      metadata: { revision, commandId: `dispute-${revision}` },
    });
    fold.apply(dispute(gameHead + 1));
    fold.apply(dispute(gameHead + 2));
    expect(fold.stateAt(gameHead + 1)).toBe(fold.state);

    // When it is written as JSON and a fold is made from it
    const image = fold.image();
    const named = (revision: number) => image.kept.find(([r]) => r === revision)?.[3];
    const again = MatchFold.fromImage(ruleset, JSON.parse(JSON.stringify(image)));

    // Then the states after the event and the records after it are one object, the current state,
    // written once; every other kept state reads as it did.
    expect([named(gameHead), named(gameHead + 1)]).toEqual([gameHead + 2, gameHead + 2]);
    expect(again.stateAt(gameHead)).toBe(again.state);
    expect(again.stateAt(gameHead + 1)).toBe(again.state);
    for (const [revision] of image.kept) expect(again.stateAt(revision)).toEqual(fold.stateAt(revision));

    // And an image of the earlier format, each state written out, loads as it was written.
    const written = image.kept.map(([revision, , turnStartedAt]) => [
      revision,
      fold.stateAt(revision),
      turnStartedAt,
    ]) as typeof image.kept;
    const old = MatchFold.fromImage(ruleset, JSON.parse(JSON.stringify({ ...image, kept: written })));
    for (const [revision] of image.kept) expect(old.stateAt(revision)).toEqual(fold.stateAt(revision));
  });
});
