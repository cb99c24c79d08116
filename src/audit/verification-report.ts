import type { KeyObject } from 'node:crypto';
import type { RulesetRef } from '../rules/common/ruleset-ref.js';
import type { SignedCheckpoint } from './checkpoint.js';
import type { Discrepancy } from './findings.js';

export type { CheckName, Discrepancy } from './findings.js';

export interface CheckpointResult {
  revision: number;
  hash: string;
  signedAt: string;
  keyId: string;
  signature: 'valid' | 'invalid' | 'not-checked';
  /** The log still holds exactly this hash at this revision. */
  matches: boolean;
  /** The checkpoint the export closes with (the head when it was exported), not one kept from earlier. */
  closing?: true;
}

/**
 * How the log's ruleset was replayed. 'same-code': this verifier has the version the log records, and
 * deciding the match's creation again with it gives the parameters hash the log records, so every
 * outcome was re-derived by exactly the rules the match was played under. Otherwise it could not be:
 * 'version-not-known', it has no code for that id and version (or the log names none); 'hash-mismatch',
 * its code for that version gives another hash for the match's parameters than the log records;
 * 'not-replayed', it has the version but could not decide the match's creation again (the log does
 * not begin with a MatchCreated it can decide). Each of these comes with its findings in the report.
 */
export type RulesetReplay = 'same-code' | 'version-not-known' | 'hash-mismatch' | 'not-replayed';

/**
 * How the match-level rules (undo, backups, disputes, the end) were replayed. 'same-code': with the
 * version the log records; 'assumed': the log predates the version being recorded (version-1 logs),
 * so it was replayed with the only version there was then; 'version-not-known': the log names a version
 * this verifier does not know (a finding says so), and its match-level commands were not decided.
 */
export type MatchRulesReplay = 'same-code' | 'assumed' | 'version-not-known';

/**
 * Which rules the verifier replayed the log with: all of it read from the log's first event, so an
 * auditor can tell a check under hand-to-hand 1.0.0 from one under 2.0.0.
 */
export interface RulesReplayed {
  /** The ruleset the log's first event records (id, version, parameters hash); null when it names none. */
  ruleset: RulesetRef | null;
  replay: RulesetReplay;
  /** The parameters hash this verifier's code gives when it decides the match's creation again (null: it did not). */
  replayedHash: string | null;
  matchRules: {
    /** The version the log's first event records; null when the log predates it. */
    recorded: string | null;
    /** The version its match-level commands were decided with (null: none, the recorded one is unknown). */
    replayedWith: string | null;
    replay: MatchRulesReplay;
  };
  /** The same in one line, e.g. `hand-to-hand 2.0.0 (hash 99807d9e…), match rules 1.0.0, replayed with the same code`. */
  message: string;
}

export interface VerificationReport {
  ok: boolean;
  stream: string | null;
  matchId: string | null;
  ruleset: RulesetRef | null;
  /** Which rules the log was replayed with, and whether they are exactly those it records. */
  rules: RulesReplayed;
  head: { revision: number; hash: string } | null;
  checked: {
    events: number;
    chain: { ok: boolean; links: number; message: string };
    outcomes: { ok: boolean; commands: number; events: number; message: string };
    serverRolls: {
      ok: boolean;
      status: 'verified' | 'pending-seed' | 'not-applicable' | 'failed';
      diceMode: 'server' | 'table' | null;
      rolls: number;
      verified: number;
      seedRevealed: boolean;
      message: string;
    };
    reveals: { ok: boolean; reveals: number; verified: number; message: string };
    checkpoints: {
      ok: boolean;
      checked: CheckpointResult[];
      /** Checkpoints whose signature was not checked (no public key given): they prove nothing yet. */
      unverifiedSignatures: number;
      message: string;
    };
  };
  firstDiscrepancy?: Discrepancy;
  /** Every discrepancy found, first first (at most `maxDiscrepancies`). */
  discrepancies: Discrepancy[];
}

export interface VerifyOptions {
  /** Checkpoints a player or judge kept (GET /matches/:id/checkpoint). */
  checkpoints?: readonly SignedCheckpoint[];
  /**
   * The checkpoint an export closes with, or 'missing' for an export that has none (cut short).
   * Undefined when the log is not an export (the route verifies the store itself).
   */
  endCheckpoint?: SignedCheckpoint | 'missing';
  /** The service's public key (GET /audit/public-key); without it checkpoint signatures are not checked. */
  publicKey?: KeyObject;
  maxDiscrepancies?: number;
  /** Backups' targets known before the log is read: the fold keeps their states (else it asks again). */
  retain?: Iterable<number>;
  /**
   * The server seed (64 hex digits) the caller expects the log to reveal: rolls are checked against it
   * as they pass, and those checks count only if the reveal is this very seed. Trusts nothing: a wrong
   * or absent hint costs a second look at the rolls, never a different report.
   */
  seedHint?: string;
}
