/**
 * What goes into a verification of an export and what comes out, as plain data: it crosses to and
 * from a Web Worker as is, and the watch page (web/) reads it without the verifier's own types, which
 * are Node's. verify-export.ts makes it.
 */
export interface ExportToVerify {
  /**
   * The NDJSON export, its closing checkpoint included: a match's, or a tournament's (whose first line
   * is its summary), told apart as `umpire verify` tells them.
   */
  exportText: string;
  /** Checkpoints kept from earlier (GET /matches/:id/checkpoint), as JSON values. */
  checkpoints?: readonly unknown[];
  /** The service's public key: the GET /audit/public-key document, a PEM or a JWK, as text. */
  publicKey?: string;
}

export interface CheckLine {
  check: 'chain' | 'outcomes' | 'serverRolls' | 'reveals' | 'checkpoints';
  /** 'pending' is server dice whose seed is not yet revealed; 'none' is a check with nothing to check. */
  status: 'ok' | 'failed' | 'pending' | 'none';
  message: string;
}

export interface CheckpointLine {
  revision: number;
  closing: boolean;
  signature: 'valid' | 'invalid' | 'not-checked';
  /** The log still holds the checkpoint's hash at its revision (and, for the closing one, ends there). */
  matches: boolean;
}

/**
 * Which rules the log was replayed with: the report's `rules` (src/audit/verification-report.ts) as
 * plain data. 'same-code' is the code of exactly the version (and parameters hash) the log records;
 * otherwise the verifier could not replay with it, and a finding says why.
 */
export interface RulesLine {
  /** The ruleset the log's first event records; null when it names none. */
  ruleset: { id: string; version: string; hash: string } | null;
  replay: 'same-code' | 'version-not-known' | 'hash-mismatch' | 'not-replayed';
  /** The parameters hash this verifier's code gives for the match (null: it did not decide its creation). */
  replayedHash: string | null;
  matchRules: {
    /** The version the log records; null for a log recorded before it was. */
    recorded: string | null;
    /** The version replayed with: the recorded one, or the one assumed; null when the recorded one is unknown. */
    replayedWith: string | null;
    replay: 'same-code' | 'assumed' | 'version-not-known';
  };
  /** The same in one line, as `umpire verify` prints it. */
  message: string;
}

export interface ExportVerdict {
  /** Every check holds and every checkpoint's signature was checked and is the service's. */
  verified: boolean;
  /** One line: VERIFIED, FAILED with the first finding, or NOT VERIFIED with what was left unchecked. */
  summary: string;
  matchId: string | null;
  events: number;
  head: { revision: number; hash: string } | null;
  /** Which rules the log was replayed with, and whether exactly those it records. */
  rules: RulesLine;
  firstFinding?: { revision: number; ruleId: string; check: string; message: string };
  checks: CheckLine[];
  checkpoints: CheckpointLine[];
}

/** What the verify worker (browser/verify-worker.ts) answers to one ExportToVerify. */
export type VerifyWorkerAnswer =
  | { verdict: ExportVerdict }
  /** The text was a tournament export (its first line is its summary), verified as `umpire verify` does. */
  | { tournament: TournamentVerdict }
  /**
   * The export, a checkpoint or the key could not be read: there is no verdict on the log. `line`: the
   * export's line that does not read as one, which `umpire verify` reports as FAILED.
   */
  | { unreadable: string; line?: number }
  /** The verifier itself failed. */
  | { error: string };

/**
 * A tournament export's verdict (GET /tournaments/:id/export): the report `umpire verify` prints for
 * one, as plain data, and its last line. `verified` as for a match: every check holds and every
 * checkpoint's signature was checked.
 */
export interface TournamentVerdict {
  verified: boolean;
  /** VERIFIED, FAILED with the first problem (and its line in the file), or NOT VERIFIED. */
  summary: string;
  tournamentId: string | null;
  tournament: {
    events: number;
    chain: string;
    checkpoint: string;
    summary: string;
    results: string;
    /** The tournament rules its standings were recomputed under ("tournament rules 1.0.0"). */
    rules: string;
    ok: boolean;
  };
  matches: { matchId: string; ok: boolean; events: number; message: string; rules: RulesLine }[];
  unverifiedSignatures: number;
  problems: string[];
}
