import type { RecordedEvent } from '../event-store/event-store.port.js';
import { isMatchLevelEvent } from '../match/match-events.js';
import { type KeptState, MatchFold, RevertTargetError, StateNotKeptError } from '../match/fold.js';
import { isMatchLevelCommand, type MatchLevelActor, type MatchMeta } from '../match/match-level.js';
import { matchIdOf } from '../match/match-stream.js';
import { type DiceRoll, NO_DICE } from '../rules/common/dice.js';
import type { DomainEvent } from '../rules/common/decider.js';
import { RuleViolation } from '../rules/common/rule-violation.js';
import type { RulesetRef } from '../rules/common/ruleset-ref.js';
import { legacyCommandFrom, matchLevelCommandFrom } from '../rules/legacy-commands.js';
import type { MatchRules } from '../rules/match/index.js';
import { type AnyRuleset, matchRulesFor, rulesetFor } from '../rules/registry.js';
import { actorMismatch } from './acting-side-check.js';
import { ChainWalk } from './chain-walk.js';
import { checkpointSignatureValid, publicKeyId, type SignedCheckpoint } from './checkpoint.js';
import { checkCheckpoints, type KeptCheckpoint } from './checkpoint-check.js';
import { clientSeedsText, diceCommitment, RollDerivation } from '../match/dice-fairness.js';
import { Findings, Pass } from './findings.js';
import { firstDifference, type Path, rollsIn } from './replay/compare.js';
import { compareGroup } from './replay/compare-group.js';
import { ReplayDice, ReplayMismatch } from './replay/replay-dice.js';
import { createdRulesHash, rulesReplayed } from './rules-replayed.js';
import type { VerificationReport, VerifyOptions } from './verification-report.js';

/**
 * The verifier's engine: every check of verifier.ts, made on each event as it passes, in one pass over
 * the log and with memory bounded by the match's state rather than its length (DESIGN.md "cost does
 * not grow with history"; issue 12). It holds the chain's last link, the fold (the current turn's
 * states and the backups' targets), the command being read, the dice facts, and the findings.
 *
 * Two facts arrive late in a log, and are handled without keeping the events that need them:
 * - the server seed, revealed by MatchEnded at the end: rolls are checked as they pass against a seed
 *   the caller expects (`seedHint`), and those checks count only once the reveal confirms it; without
 *   it, or when the reveal differs, `needsRollPass` asks for the log again and `rollPass` checks them.
 * - the state a judge's backup returns to, when it is older than the current turn: the fold keeps the
 *   targets given in `retain`; for any other, `needsState` asks for it and `provide` hands it in
 *   (`rebuildState` folds the log again up to it).
 */
export type LogEvent = Pick<RecordedEvent, 'type' | 'data' | 'metadata'>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameRulesetRef(a: RulesetRef | undefined, b: RulesetRef | undefined): boolean {
  return a?.id === b?.id && a?.version === b?.version && a?.hash === b?.hash;
}

/** The revision an ActionsReverted goes back to, when it names one. */
export function revertTargetOf(event: { type: string; data: unknown }): number | undefined {
  const target = event.type === 'ActionsReverted' && isRecord(event.data) ? event.data.toRevision : undefined;
  return typeof target === 'number' ? target : undefined;
}

/** A roll's place among all the log's rolls, for ordering its findings as a whole-log pass would. */
function rollPlace(ordinal: number, roll: number, hmac: boolean): number {
  return (ordinal * 4096 + roll) * 2 + (hmac ? 1 : 0);
}

interface RulesTally {
  commands: number;
  events: number;
  reveals: number;
  revealsVerified: number;
  /** The rules pass stopped early: the state could not be folded any further. */
  stoppedAt: number | null;
}

interface GroupEvent {
  event: LogEvent;
  rolls: DiceRoll[];
}

export class MatchLogVerifier {
  private readonly findings = new Findings();
  private events = 0;
  private stream: string | null = null;
  private matchId: string | null = null;
  private recordedRuleset: RulesetRef | null = null;
  private head: { revision: number; hash: string } | null = null;

  // C-3: the chain, up to its first broken link.
  private chain: ChainWalk | null = null;
  private chainBrokenAt: number | null = null;
  private foreignSeen = false;

  // C-2, C-5: the dice.
  private diceMode: 'server' | 'table' | null = null;
  private commitment: unknown;
  private endedSeen = false;
  private seed: Buffer | null = null;
  private seedRevealed = false;
  /** Rolls before this ordinal were met before the seed was known, and checked against the hint if any. */
  private seedKnownFrom = Number.POSITIVE_INFINITY;
  private readonly hint: Buffer | null;
  private readonly clientSeeds: { A?: string; B?: string } = {};
  private rolls = 0;
  private verified = 0;
  private expectedIndex = 1;
  private hintVerified = 0;
  private readonly hintFailures: [revision: number, message: string, place: number][] = [];
  private rollsBeforeSeed = 0;
  private rollPassDone = false;
  private closed = false;
  /** The client seeds as the rolls' second look meets them. */
  private readonly passSeeds: { A?: string; B?: string } = {};
  private derivation: { seed: Buffer; clientSeeds: string; derivation: RollDerivation } | null = null;

  // C-3, C-5, AA-2: the outcomes.
  private ruleset: AnyRuleset | undefined;
  /** The match-level rules the log records (1.0.0 when it names none), as the ruleset is chosen. */
  private matchRules: MatchRules | undefined;
  /** The match-level rules version the first event records (null: the log predates it). */
  private matchRulesRecorded: string | null = null;
  /** The parameters hash this code gives deciding the match's creation again (null until it does). */
  private replayedRulesHash: string | null = null;
  private fold: MatchFold | undefined;
  private readonly retain: number[];
  private readonly targetsSeen = new Set<number>();
  private group: GroupEvent[] = [];
  private groupOrdinal = 0;
  /** A group whose folding waits for an old state: its events, from `index` on, are still to fold. */
  private suspended: { group: GroupEvent[]; index: number; start: number; target: number } | null = null;
  private readonly tally: RulesTally = {
    commands: 0,
    events: 0,
    reveals: 0,
    revealsVerified: 0,
    stoppedAt: null,
  };

  private readonly kept: KeptCheckpoint[];
  private readonly keptAt = new Map<number, KeptCheckpoint[]>();
  private readonly end: KeptCheckpoint | 'missing' | undefined;

  /** Whether this verifier walks the chain itself, or is handed the verdict of a walk made apart. */
  private readonly walkChain: boolean;

  constructor(
    private readonly options: VerifyOptions = {},
    { walkChain = true }: { walkChain?: boolean } = {},
  ) {
    this.walkChain = walkChain;
    this.hint =
      typeof options.seedHint === 'string' && /^[0-9a-f]{64}$/.test(options.seedHint)
        ? Buffer.from(options.seedHint, 'hex')
        : null;
    this.retain = [...(options.retain ?? [])];
    const keep = (signed: SignedCheckpoint): KeptCheckpoint => {
      const entry: KeptCheckpoint = {
        signed,
        signature: options.publicKey
          ? checkpointSignatureValid(signed, options.publicKey)
            ? 'valid'
            : 'invalid'
          : 'not-checked',
        found: undefined,
      };
      const at = this.keptAt.get(signed.checkpoint.revision) ?? [];
      at.push(entry);
      this.keptAt.set(signed.checkpoint.revision, at);
      return entry;
    };
    this.kept = (options.checkpoints ?? []).map(keep);
    this.end =
      options.endCheckpoint === undefined || options.endCheckpoint === 'missing'
        ? options.endCheckpoint
        : keep(options.endCheckpoint);
  }

  /** The state after event `target` that a backup needs and the fold no longer keeps. */
  get needsState(): { target: number; before: number; retain: number[] } | null {
    const s = this.suspended;
    return s
      ? { target: s.target, before: s.start + s.index, retain: [...this.targetsSeen, s.target] }
      : null;
  }

  /** Hands in the state `needsState` asked for, and folds on. */
  provide(target: number, state: KeptState): void {
    const s = this.suspended;
    if (!s || s.target !== target) throw new Error(`no state after event ${target} was asked for`);
    this.fold!.provide(target, state);
    this.suspended = null;
    this.foldGroup(s.group, s.index, s.start);
  }

  add(event: LogEvent): void {
    if (this.suspended) throw new Error('the verifier waits for an earlier state (needsState)');
    const ordinal = this.events++;
    if (ordinal === 0) this.begin(event);
    const { metadata } = event;
    const revision = metadata.revision;

    this.checkLink(event);
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
    if (event.type === 'MatchEnded' && !this.endedSeen) this.revealSeed(event, ordinal);
    const rolls = rollsIn(event.data);
    this.checkRolls(event, rolls, ordinal);
    const target = revertTargetOf(event);
    if (target !== undefined) this.targetsSeen.add(target);

    if (this.fold) {
      const current = this.group[0];
      if (current && current.event.metadata.commandId !== metadata.commandId) this.closeGroup();
      if (this.group.length === 0) this.groupOrdinal = ordinal;
      this.group.push({ event, rolls });
    }

    const checkpoints = this.keptAt.get(revision);
    if (checkpoints !== undefined) {
      for (const checkpoint of checkpoints) {
        if (checkpoint.found === undefined) checkpoint.found = metadata.hash;
      }
    }
    this.head = { revision, hash: metadata.hash };
  }

  /**
   * For a verifier made with `walkChain: false`: the chain's verdict, from a ChainWalk over exactly the
   * events this verifier was given (`ChainWalked` says which: their number and the last one's hash),
   * walked apart (a worker thread reading the same file). Before report().
   */
  chainWalked(broken: { revision: number; reason: string } | null): void {
    if (this.walkChain) throw new Error('this verifier walks the chain itself');
    if (broken && this.stream !== null) this.chainBroke(broken);
  }

  /** How many events were added, and the hash the last one records: what a walk apart must have seen. */
  get seen(): { events: number; lastHash: string | null } {
    return { events: this.events, lastHash: this.head?.hash ?? null };
  }

  /** True when some rolls still wait for the revealed seed: hand the log again to `rollPass`. */
  get needsRollPass(): boolean {
    return this.seed !== null && this.rollsBeforeSeed > 0 && !this.hintConfirmed() && !this.rollPassDone;
  }

  /** The second look at the log that `needsRollPass` asks for: each event, in order, from the first. */
  rollPass(event: LogEvent, ordinal: number): void {
    if (ordinal >= this.seedKnownFrom || !this.seed) return;
    if (event.type === 'ClientSeedAdded' && isRecord(event.data)) {
      const { side, seed } = event.data;
      if ((side === 'A' || side === 'B') && typeof seed === 'string') this.passSeeds[side] = seed;
    }
    let n = 0;
    for (const roll of rollsIn(event.data)) {
      const i = n++;
      if (roll.origin !== this.diceMode || roll.origin !== 'server') continue;
      const { index } = roll;
      if (typeof index !== 'number' || !Number.isInteger(index)) continue;
      const problem = this.hmacProblem(this.seed, this.passSeeds, roll, index);
      if (problem === null) this.verified += 1;
      else
        this.findings.add(
          event.metadata.revision,
          'C-2',
          'serverRolls',
          problem,
          Pass.Rolls,
          rollPlace(ordinal, i, true),
        );
    }
  }

  /** Ends the rolls' second look. */
  endRollPass(): void {
    this.rollPassDone = true;
  }

  /** After the last event: decides and folds the last command (it may then ask for a state: needsState). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.fold && this.group.length > 0) this.closeGroup();
  }

  /** The ruleset the log is replayed with, once its first event is in. */
  get rules(): AnyRuleset | undefined {
    return this.ruleset;
  }

  /** The match-level rules the log records (known once its first event is in), which fold it too. */
  get matchLevelRules(): MatchRules | undefined {
    return this.matchRules;
  }

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
    else if (this.walkChain) this.chain = new ChainWalk(this.stream);
    if (first.type !== 'MatchCreated') {
      this.findings.add(
        revision,
        'C-4',
        'outcomes',
        `the log begins with ${first.type}, not MatchCreated`,
        Pass.Header,
      );
    }
    if (!this.ruleset) {
      this.findings.add(
        revision,
        'C-3',
        'outcomes',
        `the log names ruleset ${this.recordedRuleset ? `${this.recordedRuleset.id} ${this.recordedRuleset.version}` : 'none'}, which this verifier does not know`,
        Pass.Header,
      );
    }
    if (!this.matchRules) {
      this.findings.add(
        revision,
        'C-3',
        'outcomes',
        `the log names match-level rules version ${String(first.metadata.matchRulesVersion)}, which this verifier does not know`,
        Pass.Header,
      );
    }
    const created = isRecord(first.data) ? first.data : {};
    const createdRef = created.ruleset as RulesetRef | undefined;
    if (first.type === 'MatchCreated' && !sameRulesetRef(createdRef, this.recordedRuleset ?? undefined)) {
      this.findings.add(
        revision,
        'C-3',
        'outcomes',
        'the rules named in the envelope are not the rules (and parameters hash) MatchCreated records',
        Pass.Header,
      );
    }
    // C-2: the dice mode and the commitment, from the first event.
    this.diceMode = created.diceMode === 'server' || created.diceMode === 'table' ? created.diceMode : null;
    if (this.diceMode === null && first.type === 'MatchCreated') {
      this.findings.add(1, 'C-2', 'outcomes', 'MatchCreated names no dice mode (server or table)', Pass.Seed);
    }
    if (this.diceMode === 'server') {
      this.commitment = created.diceCommitment;
      if (typeof this.commitment !== 'string') {
        this.findings.add(
          1,
          'C-2',
          'serverRolls',
          'a server-dice match created without a commitment to its seed: its rolls can never be checked',
          Pass.Seed,
        );
      }
    }
    if (this.ruleset && this.matchRules && this.diceMode) {
      // The very fold the service uses: what is re-derived here is what the match showed.
      this.fold = new MatchFold(this.ruleset, { retain: this.retain, matchRules: this.matchRules });
    } else {
      this.tally.stoppedAt = 1;
    }
  }

  /** C-3: each event links to the one before and hashes to its recorded hash (hash-chain.ts's recipe). */
  private checkLink(event: LogEvent): void {
    if (!this.chain || this.chain.broken) return;
    if (this.chain.add(event)) return;
    this.chainBroke(this.chain.broken!);
  }

  private chainBroke(broken: { revision: number; reason: string }): void {
    this.chainBrokenAt = broken.revision;
    this.findings.add(
      broken.revision,
      'C-3',
      'chain',
      `the hash chain breaks at event ${broken.revision}: ${broken.reason}`,
      Pass.Chain,
    );
  }

  /** C-2: the first MatchEnded reveals the seed; SHA-256(seed) must be the commitment. */
  private revealSeed(ended: LogEvent, ordinal: number): void {
    this.endedSeen = true;
    if (this.diceMode !== 'server') return;
    const revision = ended.metadata.revision;
    const revealed = isRecord(ended.data) ? ended.data.serverSeed : undefined;
    if (typeof revealed !== 'string' || !/^[0-9a-f]{64}$/.test(revealed)) {
      this.findings.add(
        revision,
        'C-2',
        'serverRolls',
        'the match ended without revealing its server seed (64 hex digits), so its rolls can never be checked',
        Pass.Seed,
      );
      return;
    }
    const seed = Buffer.from(revealed, 'hex');
    this.seedRevealed = true;
    if (diceCommitment(seed) !== this.commitment) {
      this.findings.add(
        revision,
        'C-2',
        'serverRolls',
        `SHA-256 of the revealed server seed is ${diceCommitment(seed)}, not the commitment ${String(this.commitment)} published when the match was created`,
        Pass.Seed,
      );
      return;
    }
    this.seed = seed;
    this.seedKnownFrom = ordinal;
  }

  private hintConfirmed(): boolean {
    return this.seed !== null && this.hint !== null && this.hint.equals(this.seed);
  }

  private hmacProblem(
    seed: Buffer,
    clientSeeds: { A?: string; B?: string },
    roll: DiceRoll,
    index: number,
  ): string | null {
    const derived = this.derivationFor(seed, clientSeedsText(clientSeeds)).faces(index, roll.faces.length);
    return firstDifference(derived, roll.faces) === null
      ? null
      : `server roll ${index} (${String(roll.purpose)}) records faces ${JSON.stringify(roll.faces)}, but HMAC-SHA256 of the revealed seed gives ${JSON.stringify(derived)}`;
  }

  /** The derivation of the last rolls checked, kept while the seed and the client seeds stay the same. */
  private derivationFor(seed: Buffer, clientSeeds: string): RollDerivation {
    const last = this.derivation;
    if (last && last.seed === seed && last.clientSeeds === clientSeeds) return last.derivation;
    const derivation = new RollDerivation(seed, clientSeeds);
    this.derivation = { seed, clientSeeds, derivation };
    return derivation;
  }

  /** C-2, C-5: every server roll, in log order, reverted or not. */
  private checkRolls(event: LogEvent, rolls: readonly DiceRoll[], ordinal: number): void {
    const revision = event.metadata.revision;
    if (event.type === 'ClientSeedAdded' && isRecord(event.data)) {
      const { side, seed } = event.data;
      if ((side === 'A' || side === 'B') && typeof seed === 'string') this.clientSeeds[side] = seed;
    }
    for (let i = 0; i < rolls.length; i++) {
      const roll = rolls[i]!;
      if (roll.origin !== this.diceMode) {
        this.findings.add(
          revision,
          'C-2',
          'serverRolls',
          `a ${String(roll.origin)} roll in a match that rolls ${String(this.diceMode)} dice`,
          Pass.Rolls,
          rollPlace(ordinal, i, false),
        );
        continue;
      }
      if (roll.origin !== 'server') continue;
      this.rolls += 1;
      const { index } = roll;
      const wellFormed = typeof index === 'number' && Number.isInteger(index);
      if (index !== this.expectedIndex) {
        this.findings.add(
          revision,
          wellFormed && index < this.expectedIndex ? 'C-5' : 'C-2',
          'serverRolls',
          `server roll index ${String(index)} where ${this.expectedIndex} was next: every roll takes the next index, and an undo never gives one back`,
          Pass.Rolls,
          rollPlace(ordinal, i, false),
        );
      }
      this.expectedIndex = (wellFormed ? index : this.expectedIndex) + 1;
      if (!wellFormed) continue;
      if (this.seed) {
        const problem = this.hmacProblem(this.seed, this.clientSeeds, roll, index);
        if (problem === null) this.verified += 1;
        else
          this.findings.add(revision, 'C-2', 'serverRolls', problem, Pass.Rolls, rollPlace(ordinal, i, true));
      } else if (!this.endedSeen) {
        // Not yet revealed: checked against the expected seed, counted only if the reveal confirms it.
        this.rollsBeforeSeed += 1;
        if (this.hint) {
          const problem = this.hmacProblem(this.hint, this.clientSeeds, roll, index);
          if (problem === null) this.hintVerified += 1;
          else this.hintFailures.push([revision, problem, rollPlace(ordinal, i, true)]);
        }
      }
    }
  }

  private closeGroup(): void {
    const group = this.group;
    this.group = [];
    this.decideAndFold(group, this.groupOrdinal);
  }

  /**
   * C-3: decide the command again on the state folded so far, with the dice the log recorded, then
   * fold the recorded events exactly as the match does: ruleset events through evolve(), an
   * ActionsReverted back to the state after its target (C-5), match-level events into the meta.
   */
  private decideAndFold(group: GroupEvent[], ordinal: number): void {
    if (this.tally.stoppedAt !== null || !this.fold) return;
    const first = group[0]!.event;
    const revision = first.metadata.revision;
    let matchLevel = 0;
    for (const { event } of group) if (isMatchLevelEvent(event)) matchLevel += 1;
    const isMatchLevel = matchLevel > 0;
    this.tally.commands += 1;
    if (isMatchLevel && matchLevel < group.length) {
      this.findings.add(
        revision,
        'C-3',
        'outcomes',
        `the events appended by command ${first.metadata.commandId} mix match-level and ruleset events; no command does`,
        Pass.Rules,
      );
    } else {
      try {
        const events = group.map((g) => g.event);
        const decided = isMatchLevel
          ? this.decideMatchLevelGroup(group)
          : this.decideRulesetGroup(group, events);
        // The log's first command creates the match: what this code names it is the code replayed.
        if (ordinal === 0 && !isMatchLevel) this.replayedRulesHash = createdRulesHash(decided);
        this.tally.events += compareGroup(
          decided,
          events,
          isMatchLevel ? this.matchRules!.ruleIdOf : this.rulesetRuleIdOf,
          this.reportOutcome,
        );
      } catch (error) {
        if (error instanceof ReplayMismatch) {
          this.findings.add(error.revision, error.ruleId, 'outcomes', error.message, Pass.Rules);
        } else if (error instanceof RuleViolation) {
          this.findings.add(
            revision,
            error.ruleId,
            'outcomes',
            `the rules refuse the command behind event ${revision} (${first.type}): ${error.message}`,
            Pass.Rules,
          );
        } else {
          this.findings.add(
            revision,
            'C-3',
            'outcomes',
            `the rules cannot decide the command behind event ${revision} (${first.type}): ${messageOf(error)}`,
            Pass.Rules,
          );
        }
      }
    }
    this.foldGroup(group, 0, ordinal);
  }

  private foldGroup(group: GroupEvent[], from: number, start: number): void {
    const fold = this.fold!;
    for (let i = from; i < group.length; i++) {
      const { event } = group[i]!;
      const at = event.metadata.revision;
      try {
        fold.apply(event);
      } catch (error) {
        if (error instanceof StateNotKeptError) {
          this.suspended = { group, index: i, start, target: error.revision };
          return;
        }
        const ruleId = error instanceof RevertTargetError ? 'C-5' : 'C-3';
        this.findings.add(
          at,
          ruleId,
          'outcomes',
          `event ${at} (${event.type}) cannot be folded into the match (${messageOf(error)}); nothing after it can be re-derived`,
          Pass.Rules,
        );
        this.tally.stoppedAt = at;
        return;
      }
    }
  }

  /** How compareGroup names the rule a ruleset event breaks, and reports it (made once, not per command). */
  private readonly rulesetRuleIdOf = (event: DomainEvent, path: Path): string =>
    this.ruleset!.ruleIdOf(event, path);
  private readonly reportOutcome = (revision: number, ruleId: string, message: string): void =>
    this.findings.add(revision, ruleId, 'outcomes', message, Pass.Rules);

  private decideRulesetGroup(group: readonly GroupEvent[], events: readonly LogEvent[]): DomainEvent[] {
    const fold = this.fold!;
    const ruleset = this.ruleset!;
    const meta: MatchMeta = fold.meta;
    const state = fold.state;
    const first = group[0]!.event;
    const revision = first.metadata.revision;
    if (meta.ended) throw new ReplayMismatch('C-4', revision, `${first.type} after the match ended`);
    // The command the log records, decided again; a log from before commands were recorded has its
    // commands rebuilt from their events (legacy-commands.ts, to be removed with such logs).
    const command = first.metadata.command ?? legacyCommandFrom(ruleset.id, events);
    if (!command) {
      throw new ReplayMismatch(
        'C-3',
        revision,
        `${first.type} begins no ${ruleset.id} command: it only follows a command's own event in the same append`,
      );
    }
    if (command.type === 'CreateMatch' && command.matchId !== this.matchId) {
      throw new ReplayMismatch(
        'C-3',
        revision,
        `MatchCreated names match ${String(command.matchId)}, but the log is the stream of match ${String(this.matchId)}`,
      );
    }
    // C-6: the command came from a key allowed to send it, as the service authorised it.
    const refused = actorMismatch(ruleset, state, command, first.metadata.actor);
    if (refused) throw new ReplayMismatch('C-6', revision, refused);
    if (ruleset.checkReveal) {
      for (const { event } of group) {
        const problem = ruleset.checkReveal(state, event);
        if (problem === undefined) continue;
        this.tally.reveals += 1;
        if (problem === null) this.tally.revealsVerified += 1;
        else this.findings.add(event.metadata.revision, 'AA-2', 'reveals', problem, Pass.Rules);
      }
    }
    return ruleset.decider.decide(
      state,
      command,
      new ReplayDice(
        events,
        this.diceMode!,
        group.map((g) => g.rolls),
      ),
    );
  }

  private decideMatchLevelGroup(group: readonly GroupEvent[]): DomainEvent[] {
    const fold = this.fold!;
    const first = group[0]!.event;
    const revision = first.metadata.revision;
    const recorded = first.metadata.command;
    const command =
      recorded === undefined
        ? matchLevelCommandFrom(group.map((g) => g.event).filter(isMatchLevelEvent))
        : isMatchLevelCommand(recorded)
          ? recorded
          : undefined;
    if (!command) throw new ReplayMismatch('C-5', revision, `${first.type} begins no match-level command`);
    const { role, side } = first.metadata.actor;
    if (role !== 'player' && role !== 'judge' && role !== 'organiser') {
      throw new ReplayMismatch('C-6', revision, `a ${role} key sent the command behind ${first.type}`);
    }
    const actor: MatchLevelActor = { role, ...(side === 'A' || side === 'B' ? { side } : {}) };
    const recordedSeed = isRecord(first.data) ? first.data.serverSeed : undefined;
    const serverSeed =
      this.diceMode === 'server' && first.type === 'MatchEnded' && typeof recordedSeed === 'string'
        ? recordedSeed
        : null;
    // The match-level rules the log records decide it again, as its ruleset decides the rest.
    return this.matchRules!.decider.decide(
      { meta: fold.meta, revision: revision - 1, endsCommand: (r) => fold.endsCommand(r) },
      { command, actor, serverSeed },
      NO_DICE,
    );
  }

  /** The report; once, after close() and whatever it asked for (needsState, needsRollPass). */
  report(): VerificationReport {
    if (!this.closed || this.suspended) throw new Error('the verification is not finished');
    const findings = this.findings;
    if (this.events === 0) findings.add(0, 'C-3', 'chain', 'the log holds no events', Pass.Chain);
    // The rolls met before the reveal: counted once the reveal confirms the seed they were checked with.
    if (this.hintConfirmed()) {
      this.verified += this.hintVerified;
      for (const [revision, message, place] of this.hintFailures) {
        findings.add(revision, 'C-2', 'serverRolls', message, Pass.Rolls, place);
      }
    }
    const checkpoints =
      this.stream === null
        ? []
        : checkCheckpoints(
            {
              stream: this.stream,
              last: this.head?.revision ?? 0,
              kept: this.kept,
              end: this.end,
              keyId: this.options.publicKey ? publicKeyId(this.options.publicKey) : null,
            },
            (revision, message, place) =>
              findings.add(revision, 'C-3', 'checkpoints', message, Pass.Checkpoints, place),
          );
    const links =
      this.stream === null ? 0 : this.chainBrokenAt === null ? this.events : this.chainBrokenAt - 1;
    const discrepancies = findings.sorted();
    const tally = this.tally;
    const rolls = this.rolls;
    const verified = this.verified;
    const serverStatus: VerificationReport['checked']['serverRolls']['status'] = findings.has('serverRolls')
      ? 'failed'
      : this.diceMode !== 'server'
        ? 'not-applicable'
        : this.seed
          ? 'verified'
          : 'pending-seed';
    const held = checkpoints.filter((c) => c.matches && c.signature !== 'invalid');
    const unchecked = checkpoints.filter((c) => c.signature === 'not-checked').length;
    const keptGiven = this.kept.length;
    const report: VerificationReport = {
      ok: discrepancies.length === 0,
      stream: this.stream,
      matchId: this.matchId,
      ruleset: this.recordedRuleset,
      rules: rulesReplayed({
        recorded: this.recordedRuleset,
        rulesetKnown: this.ruleset !== undefined,
        replayedHash: this.replayedRulesHash,
        matchRulesRecorded: this.matchRulesRecorded,
        matchRulesUsed: this.matchRules?.version,
      }),
      head: this.head,
      checked: {
        events: this.events,
        chain: {
          ok: !findings.has('chain'),
          links,
          message: findings.has('chain')
            ? `intact up to event ${links}`
            : `intact: ${links} events, each linked to the one before and hashing to its recorded hash`,
        },
        outcomes: {
          ok: !findings.has('outcomes'),
          commands: tally.commands,
          events: tally.events,
          message:
            tally.stoppedAt !== null
              ? `re-derived up to event ${tally.stoppedAt}; the rest could not be folded`
              : `${tally.commands} commands decided again from the recorded facts and faces; ${tally.events} of ${this.events} events equal what the rules give`,
        },
        serverRolls: {
          ok: !findings.has('serverRolls'),
          status: serverStatus,
          diceMode: this.diceMode,
          rolls,
          verified,
          seedRevealed: this.seedRevealed,
          message: {
            verified: `${verified} of ${rolls} server rolls equal HMAC-SHA256 of the revealed seed, and SHA-256 of the seed is the commitment published at the start`,
            'pending-seed': `${rolls} server rolls cannot be checked yet: the seed is revealed when the match ends (MatchEnded); their indices count 1 to ${rolls} without reuse`,
            'not-applicable': 'table dice: the faces were entered at the table; there is no server seed',
            failed: 'the server dice do not check out',
          }[serverStatus],
        },
        reveals: {
          ok: !findings.has('reveals'),
          reveals: tally.reveals,
          verified: tally.revealsVerified,
          message:
            tally.reveals === 0
              ? 'no orders card was revealed'
              : `${tally.revealsVerified} of ${tally.reveals} reveals match the card or commitment sealed`,
        },
        checkpoints: {
          ok: !findings.has('checkpoints'),
          checked: checkpoints,
          unverifiedSignatures: unchecked,
          message: [
            checkpoints.length === 0
              ? 'no checkpoint given'
              : `${held.length} of ${checkpoints.length} checkpoints hold`,
            unchecked > 0
              ? `${unchecked} checkpoint signature${unchecked === 1 ? ' was' : 's were'} NOT checked (no public key): unverified`
              : '',
            keptGiven === 0
              ? 'without a checkpoint kept from earlier, the chain proves only that these events agree with each other: whoever holds the store could have rewritten the log whole, recomputing every hash, and it would verify'
              : '',
          ]
            .filter(Boolean)
            .join('; '),
        },
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
  const kept = fold.image().kept.find(([revision]) => revision === request.target);
  if (!kept) throw new StateNotKeptError(request.target);
  return { state: kept[1], turnStartedAt: kept[2] };
}
