import type { KeptState } from '../match/fold.js';
import { MatchFold, StateNotKeptError } from '../match/fold.js';
import { matchIdOf } from '../match/match-stream.js';
import { isRecord } from '../rules/common/is-record.js';
import type { RulesetRef } from '../rules/common/ruleset-ref.js';
import type { MatchRules } from '../rules/match/index.js';
import { type AnyRuleset, matchRulesFor, rulesetFor } from '../rulesets/registry.js';
import { ChainCheck } from './chain-check.js';
import { DiceCheck } from './dice-check.js';
import { Findings, Pass } from './findings.js';
import { KeptCheckpoints } from './kept-checkpoints.js';
import type { LogEvent } from './log-event.js';
import { rollsIn } from './replay/compare.js';
import { ReplayCheck } from './replay-check.js';
import { rulesReplayed } from './rules-replayed.js';
import type { VerificationReport, VerifyOptions } from './verification-report.js';

function sameRulesetRef(a: RulesetRef | undefined, b: RulesetRef | undefined): boolean {
  return a?.id === b?.id && a?.version === b?.version && a?.hash === b?.hash;
}

/**
 * The verifier's engine: every check of verifier.ts, made on each event as it passes, in one pass over
 * the log and with memory bounded by the match's state rather than its length (cost does not grow with
 * history). Each check is a checker of its own, sharing one list of findings: the chain (ChainCheck), the
 * dice (DiceCheck), the outcomes replayed by the rules (ReplayCheck) and the checkpoints kept
 * (KeptCheckpoints); this class reads the log's header (the rules it names) and hands each event on.
 *
 * Two facts arrive late in a log, and are handled without keeping the events that need them:
 * - the server seed, revealed by MatchEnded at the end: `needsRollPass` asks for the log again when the
 *   rolls met before it could not be checked against a seed the caller expected;
 * - the state a judge's backup returns to, when it is older than the current turn: `needsState` asks
 *   for it and `provide` hands it in (`rebuildState` folds the log again up to it).
 */
export class MatchLogVerifier {
  private readonly findings = new Findings();
  private events = 0;
  private stream: string | null = null;
  private matchId: string | null = null;
  private recordedRuleset: RulesetRef | null = null;
  private head: { revision: number; hash: string } | null = null;
  private foreignSeen = false;
  private ruleset: AnyRuleset | undefined;
  /** The match-level rules the log records (1.0.0 when it names none), as the ruleset is chosen. */
  private matchRules: MatchRules | undefined;
  /** The match-level rules version the first event records (null: the log predates it). */
  private matchRulesRecorded: string | null = null;
  private closed = false;

  private readonly chain: ChainCheck;
  private readonly dice: DiceCheck;
  private readonly replay: ReplayCheck;
  private readonly checkpoints: KeptCheckpoints;

  constructor(
    private readonly options: VerifyOptions = {},
    { walkChain = true }: { walkChain?: boolean } = {},
  ) {
    this.chain = new ChainCheck(this.findings, walkChain);
    this.dice = new DiceCheck(this.findings, options.seedHint);
    this.replay = new ReplayCheck(this.findings, [...(options.retain ?? [])]);
    this.checkpoints = new KeptCheckpoints(options);
  }

  /** The state after event `target` that a backup needs and the fold no longer keeps. */
  get needsState(): { target: number; before: number; retain: number[] } | null {
    return this.replay.needsState;
  }

  /** Hands in the state `needsState` asked for, and folds on. */
  provide(target: number, state: KeptState): void {
    this.replay.provide(target, state);
  }

  add(event: LogEvent): void {
    if (this.replay.waiting) throw new Error('the verifier waits for an earlier state (needsState)');
    const ordinal = this.events++;
    if (ordinal === 0) this.begin(event);
    const { metadata } = event;
    const revision = metadata.revision;

    this.chain.add(event);
    if (!this.foreignSeen && !sameRulesetRef(metadata.ruleset, this.recordedRuleset ?? undefined)) {
      this.foreignSeen = true;
      this.findings.add(
        revision,
        'C-3',
        'outcomes',
        `event ${revision} names other rules (${metadata.ruleset?.id ?? 'none'} ${metadata.ruleset?.version ?? ''}) than the match was created under`,
        Pass.Header,
      );
    }
    const rolls = rollsIn(event.data);
    this.dice.add(event, rolls, ordinal);
    this.replay.add(event, rolls, ordinal);
    this.checkpoints.see(revision, metadata.hash);
    this.head = { revision, hash: metadata.hash };
  }

  /**
   * For a verifier made with `walkChain: false`: the chain's verdict, from a ChainWalk over exactly the
   * events this verifier was given (`seen` says which: their number and the last one's hash), walked
   * apart (a worker thread reading the same file). Before report().
   */
  chainWalked(broken: { revision: number; reason: string } | null): void {
    this.chain.walked(broken);
  }

  /** How many events were added, and the hash the last one records: what a walk apart must have seen. */
  get seen(): { events: number; lastHash: string | null } {
    return { events: this.events, lastHash: this.head?.hash ?? null };
  }

  /** True when some rolls still wait for the revealed seed: hand the log again to `rollPass`. */
  get needsRollPass(): boolean {
    return this.dice.needsRollPass;
  }

  /** The second look at the log that `needsRollPass` asks for: each event, in order, from the first. */
  rollPass(event: LogEvent, ordinal: number): void {
    this.dice.rollPass(event, rollsIn(event.data), ordinal);
  }

  /** Ends the rolls' second look. */
  endRollPass(): void {
    this.dice.endRollPass();
  }

  /** After the last event: decides and folds the last command (it may then ask for a state: needsState). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.replay.close();
  }

  /** The ruleset the log is replayed with, once its first event is in. */
  get rules(): AnyRuleset | undefined {
    return this.ruleset;
  }

  /** The match-level rules the log records (known once its first event is in), which fold it too. */
  get matchLevelRules(): MatchRules | undefined {
    return this.matchRules;
  }

  /** The log's header: the stream, the rules its first event names, and MatchCreated's own facts. */
  private begin(first: LogEvent): void {
    const revision = first.metadata.revision;
    this.stream = first.metadata.stream ?? null;
    this.matchId = this.stream === null ? null : (matchIdOf(this.stream) ?? null);
    this.recordedRuleset = first.metadata.ruleset ?? null;
    // The version the log records: a log verifies with the rules it was played under, for ever.
    this.ruleset = this.recordedRuleset ? rulesetFor(this.recordedRuleset) : undefined;
    const matchRulesVersion: unknown = first.metadata.matchRulesVersion;
    // Named as recorded, whatever a forged log put there (the report's field is text or null).
    this.matchRulesRecorded = matchRulesVersion === undefined ? null : String(matchRulesVersion);
    this.matchRules = matchRulesFor(first.metadata.matchRulesVersion);
    if (this.stream === null) this.findings.add(0, 'C-3', 'chain', 'the log holds no events', Pass.Chain);
    this.chain.begin(this.stream);
    const header = (message: string, ruleId = 'C-3') =>
      this.findings.add(revision, ruleId, 'outcomes', message, Pass.Header);
    if (first.type !== 'MatchCreated') header(`the log begins with ${first.type}, not MatchCreated`, 'C-4');
    if (!this.ruleset) {
      header(
        `the log names ruleset ${this.recordedRuleset ? `${this.recordedRuleset.id} ${this.recordedRuleset.version}` : 'none'}, which this verifier does not know`,
      );
    }
    if (!this.matchRules) {
      header(
        `the log names match-level rules version ${String(first.metadata.matchRulesVersion)}, which this verifier does not know`,
      );
    }
    const created = isRecord(first.data) ? first.data : {};
    const createdRef = created.ruleset as RulesetRef | undefined;
    if (first.type === 'MatchCreated' && !sameRulesetRef(createdRef, this.recordedRuleset ?? undefined)) {
      header('the rules named in the envelope are not the rules (and parameters hash) MatchCreated records');
    }
    this.dice.begin(first, created);
    this.replay.begin({
      ruleset: this.ruleset,
      matchRules: this.matchRules,
      diceMode: this.dice.mode,
      matchId: this.matchId,
    });
  }

  /** The report; once, after close() and whatever it asked for (needsState, needsRollPass). */
  report(): VerificationReport {
    if (!this.closed || this.replay.waiting) throw new Error('the verification is not finished');
    const findings = this.findings;
    if (this.events === 0) findings.add(0, 'C-3', 'chain', 'the log holds no events', Pass.Chain);
    const serverRolls = this.dice.section();
    const checkpoints = this.checkpoints.section(findings, {
      stream: this.stream,
      last: this.head?.revision ?? 0,
    });
    const discrepancies = findings.sorted();
    const report: VerificationReport = {
      ok: discrepancies.length === 0,
      stream: this.stream,
      matchId: this.matchId,
      ruleset: this.recordedRuleset,
      rules: rulesReplayed({
        recorded: this.recordedRuleset,
        rulesetKnown: this.ruleset !== undefined,
        replayedHash: this.replay.replayedRulesHash,
        matchRulesRecorded: this.matchRulesRecorded,
        matchRulesUsed: this.matchRules?.version,
      }),
      head: this.head,
      checked: {
        events: this.events,
        chain: this.chain.section(this.events),
        outcomes: this.replay.outcomes(this.events),
        serverRolls,
        reveals: this.replay.revealsSection(),
        checkpoints,
      },
      discrepancies: discrepancies.slice(0, this.options.maxDiscrepancies ?? 50),
    };
    if (discrepancies[0]) report.firstDiscrepancy = discrepancies[0];
    return report;
  }
}

/**
 * The state after event `target`, for a backup the fold no longer keeps: the log folded again from its
 * first event up to (not including) the event at `before` (its ordinal), keeping `retain`.
 */
export function rebuildState(
  rules: { ruleset: AnyRuleset; matchRules: MatchRules },
  request: { target: number; before: number; retain: number[] },
  events: Iterable<LogEvent>,
): KeptState {
  const fold = new MatchFold(rules.ruleset, { retain: request.retain, matchRules: rules.matchRules });
  let ordinal = 0;
  for (const event of events) {
    if (ordinal++ >= request.before) break;
    fold.apply(event);
  }
  if (request.target === fold.revision) return { state: fold.state, turnStartedAt: fold.meta.turnStartedAt };
  const kept = fold.keptAt(request.target);
  if (!kept) throw new StateNotKeptError(request.target);
  return { state: kept.state, turnStartedAt: kept.turnStartedAt };
}
