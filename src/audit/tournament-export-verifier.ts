import type { KeyObject } from 'node:crypto';
import canonicalize from 'canonicalize';
import { matchIdOf } from '../match/match-stream.js';
import { fold } from '../rules/common/decider.js';
import {
  type Outcome,
  tournamentDecider,
  TOURNAMENT_RULES_VERSIONS,
  tournamentRulesVersion,
  type TournamentEvent,
  tournamentIdOf,
} from '../rules/tournament/index.js';
import {
  TOURNAMENT_EXPORT_FORMAT,
  type TournamentSummary,
  tournamentSummary,
} from '../tournament/tournament-summary.js';
import { ChainWalk } from './chain-walk.js';
import { checkpointSignatureValid, type SignedCheckpoint } from './checkpoint.js';
import { type ExportedEvent, parseExportLine } from './export-format.js';
import type { RulesReplayed } from './verification-report.js';
import { verifyMatchLog } from './verifier.js';

export interface TournamentExportReport {
  ok: boolean;
  tournamentId: string | null;
  /**
   * The tournament stream: its hash chain, its closing checkpoint, the summary line against its events,
   * and the results its referee matches reported against those matches' MatchEnded.
   */
  tournament: {
    events: number;
    chain: string;
    checkpoint: string;
    summary: string;
    results: string;
    /** The tournament rules its summary was recomputed under: "tournament rules 1.0.0". */
    rules: string;
    ok: boolean;
  };
  /** Each match's verification; `rules` names the rules its log was replayed with, as a match's report does. */
  matches: { matchId: string; ok: boolean; events: number; message: string; rules: RulesReplayed }[];
  /** Checkpoints whose signature was not checked (no public key given): they prove nothing yet. */
  unverifiedSignatures: number;
  problems: string[];
}

/** Whether the first line of a file is a tournament export's summary (not a match export's envelope). */
export function isTournamentExport(firstLine: string): boolean {
  try {
    const value = JSON.parse(firstLine) as { format?: unknown };
    return value !== null && typeof value === 'object' && value.format === TOURNAMENT_EXPORT_FORMAT;
  } catch {
    return false;
  }
}

interface Section {
  stream: string;
  events: ExportedEvent[];
  /** The file's line of each event (1-based), so that a finding names where to look. */
  lines: number[];
  closing?: SignedCheckpoint;
}

/** What a referee match reported to the tournament (RefereeResultRecorded). */
interface ReportedByMatch {
  round: number;
  table: number;
  outcome: Outcome;
  endedRevision: number;
}

/**
 * Verifies a tournament export (GET /tournaments/:id/export) offline, with nothing but the file and,
 * for its checkpoints, the service's public key (GET /audit/public-key):
 * - the tournament stream's hash chain, walked with the same chain code as a match's (ChainWalk), and
 *   its closing checkpoint: for the chain's last event (and signed by the key, when one is given);
 * - the summary line: the tournament's events folded by the tournament's rules give exactly its
 *   participants, rounds, pairings, results and standings (so the standings are recomputed);
 * - each match the tournament scheduled: the match verifier (chain, every outcome re-decided, dice,
 *   reveals, closing checkpoint), and no match missing or added;
 * - each result a referee match reported (RefereeResultRecorded) against that match's own log: its
 *   event at `endedRevision` is a MatchEnded with the same winner.
 *
 * Fed a line at a time (`line`, then `finish`): one stream's events are held at a time, never the
 * whole file, so a tournament of long matches verifies in the memory of its longest match.
 */
export class TournamentExportVerifier {
  private lineNumber = 0;
  private summary?: TournamentSummary;
  private open?: Section;
  private sections = 0;
  private failed = false;
  private readonly exported = new Set<string>();
  private readonly reported = new Map<string, ReportedByMatch>();
  private readonly report: TournamentExportReport = {
    ok: false,
    tournamentId: null,
    tournament: {
      events: 0,
      chain: 'not checked',
      checkpoint: 'not checked',
      summary: 'not checked',
      results: 'not checked',
      rules: 'not checked',
      ok: false,
    },
    matches: [],
    unverifiedSignatures: 0,
    problems: [],
  };

  constructor(private readonly publicKey?: KeyObject) {}

  line(raw: string): void {
    this.lineNumber += 1;
    if (this.failed) return;
    if (this.lineNumber === 1) {
      if (!isTournamentExport(raw)) return this.fail(`line 1: not a ${TOURNAMENT_EXPORT_FORMAT} summary`);
      const summary = JSON.parse(raw) as Partial<TournamentSummary>;
      // Its content is checked against the events later; its shape is needed to read the rest at all.
      if (typeof summary.tournamentId !== 'string' || !Array.isArray(summary.matches)) {
        return this.fail('line 1: the summary has no tournamentId or no list of matches');
      }
      this.summary = summary as TournamentSummary;
      this.report.tournamentId = summary.tournamentId;
      return;
    }
    let parsed: ReturnType<typeof parseExportLine>;
    try {
      parsed = parseExportLine(raw, this.lineNumber);
    } catch (error) {
      return this.fail((error as Error).message);
    }
    if (!parsed) return;
    if ('closing' in parsed) {
      if (!this.open || this.open.closing)
        return this.fail(`line ${this.lineNumber}: a checkpoint with no events before it`);
      this.open.closing = parsed.closing;
      return;
    }
    const { event } = parsed;
    if (this.open && !this.open.closing && this.open.stream === event.metadata.stream) {
      this.open.events.push(event);
      this.open.lines.push(this.lineNumber);
      return;
    }
    this.close();
    this.open = { stream: event.metadata.stream, events: [event], lines: [this.lineNumber] };
  }

  finish(): TournamentExportReport {
    if (!this.failed) {
      this.close();
      if (!this.summary) this.fail('the file is empty');
      else if (this.sections === 0)
        this.problem(`the tournament ${this.summary.tournamentId}'s events do not follow the summary`);
      else {
        for (const matchId of this.summary.matches) {
          if (!this.exported.has(matchId))
            this.problem(`match ${matchId} is scheduled but its events are missing`);
        }
      }
    }
    this.report.ok = this.report.problems.length === 0;
    return this.report;
  }

  private fail(problem: string): void {
    this.failed = true;
    this.open = undefined;
    this.problem(problem);
  }

  private problem(problem: string): void {
    this.report.problems.push(problem);
  }

  /** The stream read so far is complete: checked, then let go. */
  private close(): void {
    const section = this.open;
    this.open = undefined;
    if (!section || !this.summary) return;
    this.sections += 1;
    if (this.sections === 1) this.checkTournament(section, this.summary);
    else this.checkMatch(section, this.summary);
  }

  private checkTournament(section: Section, summary: TournamentSummary): void {
    if (tournamentIdOf(section.stream) !== summary.tournamentId) {
      this.problem(`the tournament ${summary.tournamentId}'s events do not follow the summary`);
      return;
    }
    const walk = new ChainWalk(section.stream);
    for (const event of section.events) if (!walk.add(event)) break;
    const chain = walk.broken
      ? `broken at revision ${walk.broken.revision}: ${walk.broken.reason}`
      : `${walk.head.revision} events linked`;
    const checkpoint = this.closingVerdict(section, walk.head);
    const events = section.events as unknown as TournamentEvent[];
    const state = fold(tournamentDecider, events);
    let summaryVerdict = 'the events do not create the tournament';
    let rules = 'none: the events do not create the tournament';
    const version = state.created ? tournamentRulesVersion(state.rulesVersion) : undefined;
    if (version !== undefined && !TOURNAMENT_RULES_VERSIONS.includes(version)) {
      // C-3: counted under other rules than its own, the standings would prove nothing.
      rules = `tournament rules ${version}, which this verifier does not have (it has ${TOURNAMENT_RULES_VERSIONS.join(', ')}): verify it with a build that serves them`;
      summaryVerdict = `not recomputed: the tournament was played under tournament rules ${version}`;
    } else if (state.created) {
      rules = `tournament rules ${version}${state.rulesVersion === undefined ? ' (recorded before versions were)' : ''}`;
      summaryVerdict =
        canonicalize(tournamentSummary(state, summary.exportedAt)) === canonicalize(summary)
          ? 'matches the events'
          : 'differs from what the events add up to (participants, rounds, results or standings)';
    }
    for (const event of events) {
      if (event.type !== 'RefereeResultRecorded') continue;
      const { matchId, round, table, outcome, endedRevision } = event.data;
      this.reported.set(matchId, { round, table, outcome, endedRevision });
    }
    const checkpointOk = checkpoint === 'verified' || checkpoint === 'signature not checked (no public key)';
    const ok = !walk.broken && checkpointOk && summaryVerdict === 'matches the events';
    this.report.tournament = {
      events: section.events.length,
      chain,
      checkpoint,
      summary: summaryVerdict,
      rules,
      results:
        this.reported.size === 0
          ? 'no referee match reported a result'
          : `${this.reported.size} reported by referee matches, each checked against its match below`,
      ok,
    };
    if (!ok) {
      // The first thing to look at: the broken link's line, else the summary's (line 1) when it differs.
      const line = walk.broken
        ? lineOf(section, walk.broken.revision)
        : summaryVerdict === 'matches the events'
          ? undefined
          : 1;
      this.problem(
        `tournament: ${chain}; checkpoint ${checkpoint}; summary ${summaryVerdict}${atLine(line)}`,
      );
    }
  }

  /** The closing checkpoint of the tournament stream, for its last linked event. */
  private closingVerdict(section: Section, head: { revision: number; hash: string }): string {
    const closing = section.closing;
    if (!closing) return 'missing: the file may have been cut short';
    if (
      closing.checkpoint.stream !== section.stream ||
      closing.checkpoint.revision !== head.revision ||
      closing.checkpoint.hash !== head.hash
    ) {
      return `signed for revision ${closing.checkpoint.revision}, but the events end at ${head.revision}`;
    }
    if (!this.publicKey) {
      this.report.unverifiedSignatures += 1;
      return 'signature not checked (no public key)';
    }
    return checkpointSignatureValid(closing, this.publicKey)
      ? 'verified'
      : 'its signature does not verify with this key';
  }

  private checkMatch(section: Section, summary: TournamentSummary): void {
    const matchId = matchIdOf(section.stream) ?? section.stream;
    if (this.exported.has(matchId)) this.problem(`match ${matchId}'s events appear twice`);
    this.exported.add(matchId);
    const verified = verifyMatchLog(section.events, {
      endCheckpoint: section.closing ?? 'missing',
      ...(this.publicKey ? { publicKey: this.publicKey } : {}),
    });
    this.report.unverifiedSignatures += verified.checked.checkpoints.unverifiedSignatures;
    let message = verified.ok ? 'verified' : (verified.firstDiscrepancy?.message ?? 'does not verify');
    let ok = verified.ok;
    const disagreement = this.resultDisagreement(matchId, section.events);
    if (disagreement) {
      ok = false;
      message = verified.ok ? disagreement : `${message}; ${disagreement}`;
    }
    this.report.matches.push({ matchId, ok, events: section.events.length, message, rules: verified.rules });
    if (!summary.matches.includes(matchId))
      this.problem(`match ${matchId} is not one the tournament scheduled`);
    else if (!ok) {
      const first = verified.firstDiscrepancy;
      this.problem(
        `match ${matchId}: ${message}${atLine(first ? lineOf(section, first.revision) : undefined)}`,
      );
    }
  }

  /** What is wrong with the result this match reported to the tournament, if anything. */
  private resultDisagreement(matchId: string, events: readonly ExportedEvent[]): string | undefined {
    const reported = this.reported.get(matchId);
    if (!reported) return undefined;
    const where = `round ${reported.round} table ${reported.table}`;
    const ended = events.find((e) => e.metadata.revision === reported.endedRevision);
    if (!ended || ended.type !== 'MatchEnded') {
      return `the tournament recorded ${where}'s result from event ${reported.endedRevision} of this match, which is not its MatchEnded`;
    }
    const { winner } = (ended.data as { result?: { winner?: 'A' | 'B' | null } }).result ?? {};
    const outcome: Outcome = winner ?? 'draw';
    return outcome === reported.outcome
      ? undefined
      : `the tournament recorded ${where} as ${reported.outcome}, but the match ended ${outcome}`;
  }
}

/** The file's line of a section's event at a revision, when the section holds that revision. */
function lineOf(section: Section, revision: number): number | undefined {
  const index = section.events.findIndex((e) => e.metadata.revision === revision);
  return index < 0 ? undefined : section.lines[index];
}

const atLine = (line: number | undefined): string =>
  line === undefined ? '' : ` (line ${line} of the file)`;

/** A whole tournament export held in memory, verified (TournamentExportVerifier). */
export function verifyTournamentExport(text: string, publicKey?: KeyObject): TournamentExportReport {
  const verifier = new TournamentExportVerifier(publicKey);
  for (const line of text.split('\n')) verifier.line(line);
  return verifier.finish();
}
