import type { DomainEvent } from '../rules/common/decider.js';
import type { RulesetRef } from '../rules/common/ruleset-ref.js';
import type { MatchRulesReplay, RulesetReplay, RulesReplayed } from './verification-report.js';

/** What the verifier learnt of the rules while it replayed a log: the first event and its creation. */
export interface RulesFacts {
  /** The ruleset the first event records. */
  recorded: RulesetRef | null;
  /** This verifier has code for that id and version. */
  rulesetKnown: boolean;
  /** The hash its code gave deciding the match's creation again; null when it did not decide it. */
  replayedHash: string | null;
  /** The match-level rules version the first event records (null: none, the log predates it). */
  matchRulesRecorded: string | null;
  /** The version the verifier decided match-level commands with (undefined: it knows none for the log). */
  matchRulesUsed: string | undefined;
}

/** The hash of the rules the replayed creation names: what this verifier's code gives for its parameters. */
export function createdRulesHash(decided: readonly DomainEvent[]): string | null {
  const created = decided.find((event) => event.type === 'MatchCreated');
  const data = created?.data as { ruleset?: { hash?: unknown } } | undefined;
  return typeof data?.ruleset?.hash === 'string' ? data.ruleset.hash : null;
}

/** A hash shortened for a line of text (a forged log may record anything in its place). */
const short = (hash: unknown): string => (typeof hash === 'string' ? `${hash.slice(0, 8)}…` : String(hash));

/** The report's `rules`: which rules the log was replayed with, and whether they are the ones it records. */
export function rulesReplayed(facts: RulesFacts): RulesReplayed {
  const { recorded, replayedHash, matchRulesRecorded, matchRulesUsed } = facts;
  const replay: RulesetReplay =
    recorded === null || !facts.rulesetKnown
      ? 'version-not-known'
      : replayedHash === null
        ? 'not-replayed'
        : replayedHash === recorded.hash
          ? 'same-code'
          : 'hash-mismatch';
  const matchReplay: MatchRulesReplay =
    matchRulesUsed === undefined
      ? 'version-not-known'
      : matchRulesRecorded === null
        ? 'assumed'
        : 'same-code';

  const named = recorded
    ? `${recorded.id} ${recorded.version} (hash ${short(recorded.hash)})`
    : 'no ruleset named';
  // A log with no first event records no version, and none was assumed: nothing was replayed.
  const matchRules =
    matchRulesRecorded === null
      ? matchReplay === 'assumed'
        ? `match rules not recorded (the log predates them: ${matchRulesUsed} assumed)`
        : 'match rules not recorded'
      : `match rules ${matchRulesRecorded}`;
  const not: string[] = [];
  if (replay === 'version-not-known') {
    not.push(
      recorded
        ? `this verifier does not know ${recorded.id} ${recorded.version}`
        : 'the log names no ruleset',
    );
  } else if (replay === 'hash-mismatch') {
    not.push(
      `${recorded!.id} ${recorded!.version} here gives hash ${short(replayedHash!)} for the match's parameters`,
    );
  } else if (replay === 'not-replayed') {
    not.push("the match's creation could not be decided again");
  }
  if (matchReplay === 'version-not-known' && matchRulesRecorded !== null) {
    not.push(`this verifier does not know match rules ${matchRulesRecorded}`);
  }
  const verdict =
    not.length === 0 ? 'replayed with the same code' : `NOT replayed with the same code: ${not.join('; ')}`;
  return {
    ruleset: recorded,
    replay,
    replayedHash,
    matchRules: {
      recorded: matchRulesRecorded,
      replayedWith: matchRulesUsed ?? null,
      replay: matchReplay,
    },
    message: `${named}, ${matchRules}, ${verdict}`,
  };
}
