import type { LogEvent } from './log-event.js';
import { MatchLogVerifier, rebuildState } from './match-log-verifier.js';
import { revertTargetOf } from './replay-check.js';
import type { VerificationReport, VerifyOptions } from './verification-report.js';

/**
 * The verifier (issue 5, DESIGN.md "anyone holding an exported log"): re-runs a match's events through
 * the published rules from nothing, trusting nothing but the events and the rules. Pure: no Nest, no
 * I/O, no clock; the route and the `umpire verify` command both call it (verify-pages.ts for a log read
 * in pages, this for one in memory).
 *
 * It checks, and names the first event that fails, with the rule it breaks:
 * - the hash chain (C-3): every event links to the one before and hashes to its recorded hash;
 * - every derived outcome (C-3): each command is rebuilt from the first event it appended, decided
 *   again on the state folded so far (reverts applied as the match applies them, C-5) with the dice
 *   the log recorded, and what the rules give must equal what the log holds;
 * - that each command came from a key allowed to send it (C-6): the actor's role and side against the
 *   unit's owner and the rules;
 * - the server dice (C-2, C-5): indices count 1, 2, 3 … through undos; once the seed is revealed,
 *   SHA-256(seed) is the commitment and every roll is its HMAC derivation;
 * - every reveal against its seal (AA-2);
 * - signed checkpoints a player kept, and the one an export closes with: the signature, and the event
 *   at that revision still has that hash (the closing one: it is the last event of the file).
 */
export type {
  CheckName,
  CheckpointResult,
  Discrepancy,
  MatchRulesReplay,
  RulesetReplay,
  RulesReplayed,
  VerificationReport,
  VerifyOptions,
} from './verification-report.js';

/** The revisions that the log's ActionsReverted events go back to. */
export function revertTargetsIn(events: Iterable<{ type: string; data: unknown }>): number[] {
  const targets: number[] = [];
  for (const event of events) {
    const target = revertTargetOf(event);
    if (target !== undefined) targets.push(target);
  }
  return targets;
}

/** The server seed the first MatchEnded of these events reveals, if it reveals one. */
export function revealedSeedIn(events: Iterable<{ type: string; data: unknown }>): string | undefined {
  for (const event of events) {
    if (event.type !== 'MatchEnded') continue;
    const seed = (event.data as { serverSeed?: unknown } | null)?.serverSeed;
    return typeof seed === 'string' ? seed : undefined;
  }
  return undefined;
}

/** Verifies a whole log held in memory. */
export function verifyMatchLog(events: readonly LogEvent[], options: VerifyOptions = {}): VerificationReport {
  const retain = options.retain ?? revertTargetsIn(events);
  const seedHint = options.seedHint ?? revealedSeedIn(events);
  const verifier = new MatchLogVerifier({ ...options, retain, ...(seedHint ? { seedHint } : {}) });
  const givenStates = (): void => {
    for (let asked = verifier.needsState; asked; asked = verifier.needsState) {
      const rules = { ruleset: verifier.rules!, matchRules: verifier.matchLevelRules! };
      verifier.provide(asked.target, rebuildState(rules, asked, events));
    }
  };
  for (const event of events) {
    verifier.add(event);
    givenStates();
  }
  verifier.close();
  givenStates();
  if (verifier.needsRollPass) {
    events.forEach((event, i) => verifier.rollPass(event, i));
    verifier.endRollPass();
  }
  return verifier.report();
}
