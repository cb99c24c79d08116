import type { KeyObject } from 'node:crypto';
import canonicalize from 'canonicalize';
import { ChainWalk } from '../../audit/chain-walk.js';
import { checkpointSignatureValid, type SignedCheckpoint } from '../../audit/checkpoint.js';
import { type ExportedEvent, parseExportLine } from '../../audit/export-format.js';
import { verifyMatchLog } from '../../audit/verifier.js';
import { matchIdOf } from '../../match/match-stream.js';
import { fold } from '../../rules/common/decider.js';
import { tournamentDecider, type TournamentEvent, tournamentIdOf } from '../../rules/tournament/index.js';
import {
  TOURNAMENT_EXPORT_FORMAT,
  type TournamentSummary,
  tournamentSummary,
} from '../../tournament/tournament-summary.js';

export interface TournamentExportReport {
  ok: boolean;
  tournamentId: string | null;
  /** The tournament stream: its hash chain, its closing checkpoint, and the summary line against it. */
  tournament: { events: number; chain: string; checkpoint: string; summary: string; ok: boolean };
  matches: { matchId: string; ok: boolean; events: number; message: string }[];
  problems: string[];
}

interface Section {
  stream: string;
  events: ExportedEvent[];
  closing?: SignedCheckpoint;
}

/**
 * Verifies a tournament export (TournamentExport) offline, with nothing but the file and the service's
 * public key (GET /audit/public-key):
 * - the tournament stream's hash chain, walked with the same chain code as a match's (ChainWalk), and
 *   its closing checkpoint: signed by that key, for the chain's last event;
 * - the summary line: the tournament's events folded by the tournament's rules give exactly its
 *   participants, rounds, pairings, results and standings;
 * - each match the tournament scheduled: the match verifier (chain, every outcome re-decided, dice,
 *   reveals, closing checkpoint), and no match missing or added.
 */
export function verifyTournamentExport(text: string, publicKey: KeyObject): TournamentExportReport {
  const problems: string[] = [];
  const lines = text.split('\n');
  let summary: TournamentSummary | undefined;
  try {
    const first = JSON.parse(lines[0] ?? '') as TournamentSummary;
    if (first.format === TOURNAMENT_EXPORT_FORMAT) summary = first;
  } catch {
    // reported below
  }
  const report: TournamentExportReport = {
    ok: false,
    tournamentId: summary?.tournamentId ?? null,
    tournament: {
      events: 0,
      chain: 'not checked',
      checkpoint: 'not checked',
      summary: 'not checked',
      ok: false,
    },
    matches: [],
    problems,
  };
  if (!summary) {
    problems.push(`line 1: not a ${TOURNAMENT_EXPORT_FORMAT} summary`);
    return report;
  }

  const sections: Section[] = [];
  try {
    for (let i = 1; i < lines.length; i++) {
      const line = parseExportLine(lines[i]!, i + 1);
      if (!line) continue;
      const open = sections[sections.length - 1];
      if ('closing' in line) {
        if (!open || open.closing) throw new Error(`line ${i + 1}: a checkpoint with no events before it`);
        open.closing = line.closing;
      } else if (open && !open.closing && open.stream === line.event.metadata.stream) {
        open.events.push(line.event);
      } else {
        sections.push({ stream: line.event.metadata.stream, events: [line.event] });
      }
    }
  } catch (error) {
    problems.push((error as Error).message);
    return report;
  }

  const [own, ...rest] = sections;
  if (!own || tournamentIdOf(own.stream) !== summary.tournamentId) {
    problems.push(`the tournament ${summary.tournamentId}'s events do not follow the summary`);
    return report;
  }
  report.tournament = checkTournament(own, summary, publicKey);
  if (!report.tournament.ok)
    problems.push(
      `tournament: ${report.tournament.chain}; ${report.tournament.checkpoint}; ${report.tournament.summary}`,
    );

  const exported = new Set<string>();
  for (const section of rest) {
    const matchId = matchIdOf(section.stream) ?? section.stream;
    exported.add(matchId);
    const verified = verifyMatchLog(section.events, {
      endCheckpoint: section.closing ?? 'missing',
      publicKey,
    });
    const message = verified.ok ? 'verified' : (verified.firstDiscrepancy?.message ?? 'does not verify');
    report.matches.push({ matchId, ok: verified.ok, events: section.events.length, message });
    if (!summary.matches.includes(matchId))
      problems.push(`match ${matchId} is not one the tournament scheduled`);
    else if (!verified.ok) problems.push(`match ${matchId}: ${message}`);
  }
  for (const matchId of summary.matches) {
    if (!exported.has(matchId)) problems.push(`match ${matchId} is scheduled but its events are missing`);
  }
  report.ok = problems.length === 0;
  return report;
}

function checkTournament(
  section: Section,
  summary: TournamentSummary,
  publicKey: KeyObject,
): TournamentExportReport['tournament'] {
  const walk = new ChainWalk(section.stream);
  for (const event of section.events) if (!walk.add(event)) break;
  const chain = walk.broken
    ? `broken at revision ${walk.broken.revision}: ${walk.broken.reason}`
    : `${walk.head.revision} events linked`;
  let checkpoint: string;
  const closing = section.closing;
  if (!closing) checkpoint = 'missing: the file may have been cut short';
  else if (!checkpointSignatureValid(closing, publicKey))
    checkpoint = 'its signature does not verify with this key';
  else if (
    closing.checkpoint.stream !== section.stream ||
    closing.checkpoint.revision !== walk.head.revision ||
    closing.checkpoint.hash !== walk.head.hash
  ) {
    checkpoint = `signed for revision ${closing.checkpoint.revision}, but the events end at ${walk.head.revision}`;
  } else checkpoint = 'verified';
  const state = fold(tournamentDecider, section.events as unknown as TournamentEvent[]);
  let summaryVerdict = 'the events do not create the tournament';
  if (state.created) {
    const recomputed = tournamentSummary(state, summary.exportedAt);
    summaryVerdict =
      canonicalize(recomputed) === canonicalize(summary)
        ? 'matches the events'
        : 'differs from what the events add up to (participants, rounds, results or standings)';
  }
  return {
    events: section.events.length,
    chain,
    checkpoint,
    summary: summaryVerdict,
    ok: !walk.broken && checkpoint === 'verified' && summaryVerdict === 'matches the events',
  };
}
