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

export interface VerificationReport {
  ok: boolean;
  stream: string | null;
  matchId: string | null;
  ruleset: RulesetRef | null;
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
