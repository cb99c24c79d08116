import { clientSeedsText, diceCommitment, RollDerivation } from '../match/dice-fairness.js';
import type { DiceRoll } from '../rules/common/dice.js';
import { isRecord } from '../rules/common/is-record.js';
import { type Findings, Pass } from './findings.js';
import { firstDifference } from './replay/compare.js';
import type { LogEvent } from './log-event.js';
import type { VerificationReport } from './verification-report.js';

type ServerRollsSection = VerificationReport['checked']['serverRolls'];
type ClientSeeds = { A?: string; B?: string };

/** A roll's place among all the log's rolls, for ordering its findings as a whole-log pass would. */
function rollPlace(ordinal: number, roll: number, hmac: boolean): number {
  return (ordinal * 4096 + roll) * 2 + (hmac ? 1 : 0);
}

/** C-2: the client seeds a ClientSeedAdded event sets. */
function addClientSeed(seeds: ClientSeeds, event: LogEvent): void {
  if (event.type !== 'ClientSeedAdded' || !isRecord(event.data)) return;
  const { side, seed } = event.data;
  if ((side === 'A' || side === 'B') && typeof seed === 'string') seeds[side] = seed;
}

/**
 * C-2, C-5: the dice of one log, checked as each event passes. The seed is revealed by MatchEnded at the
 * end: rolls met before it are checked against a seed the caller expects (`seedHint`) and count only once
 * the reveal confirms it; without it, or when the reveal differs, `needsRollPass` asks for the log again.
 */
export class DiceCheck {
  private diceMode: 'server' | 'table' | null = null;
  private commitment: unknown;
  private endedSeen = false;
  private seed: Buffer | null = null;
  private seedRevealed = false;
  /** Rolls before this ordinal were met before the seed was known, and checked against the hint if any. */
  private seedKnownFrom = Number.POSITIVE_INFINITY;
  private readonly hint: Buffer | null;
  private readonly clientSeeds: ClientSeeds = {};
  private rolls = 0;
  private verified = 0;
  private expectedIndex = 1;
  private hintVerified = 0;
  private readonly hintFailures: [revision: number, message: string, place: number][] = [];
  private rollsBeforeSeed = 0;
  private rollPassDone = false;
  /** The client seeds as the rolls' second look meets them. */
  private readonly passSeeds: ClientSeeds = {};
  private derivation: { seed: Buffer; clientSeeds: string; derivation: RollDerivation } | null = null;

  constructor(
    private readonly findings: Findings,
    seedHint: unknown,
  ) {
    this.hint =
      typeof seedHint === 'string' && /^[0-9a-f]{64}$/.test(seedHint) ? Buffer.from(seedHint, 'hex') : null;
  }

  /** The dice mode MatchCreated names (null when it names none). */
  get mode(): 'server' | 'table' | null {
    return this.diceMode;
  }

  /** C-2: the dice mode and the commitment, from the first event (`created` is its data). */
  begin(first: LogEvent, created: Record<string, unknown>): void {
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
  }

  /** Every roll of one event, in log order, reverted or not; the first MatchEnded reveals the seed. */
  add(event: LogEvent, rolls: readonly DiceRoll[], ordinal: number): void {
    if (event.type === 'MatchEnded' && !this.endedSeen) this.revealSeed(event, ordinal);
    this.checkRolls(event, rolls, ordinal);
  }

  /** True when some rolls still wait for the revealed seed: hand the log again to `rollPass`. */
  get needsRollPass(): boolean {
    return this.seed !== null && this.rollsBeforeSeed > 0 && !this.hintConfirmed() && !this.rollPassDone;
  }

  /** The second look at the log that `needsRollPass` asks for: each event, in order, from the first. */
  rollPass(event: LogEvent, rolls: readonly DiceRoll[], ordinal: number): void {
    if (ordinal >= this.seedKnownFrom || !this.seed) return;
    addClientSeed(this.passSeeds, event);
    for (let i = 0; i < rolls.length; i++) {
      const roll = rolls[i]!;
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

  /** The report's section, once every event is in: the rolls met before the reveal count if it confirms them. */
  section(): ServerRollsSection {
    if (this.hintConfirmed()) {
      this.verified += this.hintVerified;
      for (const [revision, message, place] of this.hintFailures) {
        this.findings.add(revision, 'C-2', 'serverRolls', message, Pass.Rolls, place);
      }
    }
    const failed = this.findings.has('serverRolls');
    const status: ServerRollsSection['status'] = failed
      ? 'failed'
      : this.diceMode !== 'server'
        ? 'not-applicable'
        : this.seed
          ? 'verified'
          : 'pending-seed';
    const { rolls, verified } = this;
    return {
      ok: !failed,
      status,
      diceMode: this.diceMode,
      rolls,
      verified,
      seedRevealed: this.seedRevealed,
      message: {
        verified: `${verified} of ${rolls} server rolls equal HMAC-SHA256 of the revealed seed, and SHA-256 of the seed is the commitment published at the start`,
        'pending-seed': `${rolls} server rolls cannot be checked yet: the seed is revealed when the match ends (MatchEnded); their indices count 1 to ${rolls} without reuse`,
        'not-applicable': 'table dice: the faces were entered at the table; there is no server seed',
        failed: 'the server dice do not check out',
      }[status],
    };
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

  private hmacProblem(seed: Buffer, clientSeeds: ClientSeeds, roll: DiceRoll, index: number): string | null {
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
    addClientSeed(this.clientSeeds, event);
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
}
