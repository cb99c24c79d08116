import {
  clockState,
  type ClockState,
  remainingSeconds,
  type RoundClock,
  type TimePolicy,
  type Participant,
  type PairingState,
  type RoundState,
  type Scoring,
  type StandingRow,
  standings,
  type TableMode,
  type TieBreak,
  type Tournament,
  type TournamentRuleset,
} from '../rules/tournament/index.js';

/**
 * What the tournament's read routes and its export show, computed from its folded stream alone (a
 * tournament's stream is a few hundred events): the same figures whoever computes them, the offline
 * verifier included.
 */

export interface ParticipantView {
  participantId: string;
  name: string;
  club: string | null;
  faction: string | null;
  seed: number | null;
  /**
   * Only when set, as `clock` of a round only once started: an export written before either existed
   * has neither key, and the verifier recomputes the summary to the same bytes.
   */
  preferredTable?: number;
  /** 1 for the first registered. */
  registered: number;
  checkedIn: boolean;
  status: Participant['status'];
  droppedAfterRound: number | null;
}

export interface SeatView {
  participantId: string;
  name: string;
}

export interface PairingView {
  table: number;
  A: SeatView;
  B: SeatView;
  matchId: string | null;
  startsAt: string | null;
  status: PairingState['status'];
  reported: { outcome: string; by: string } | null;
  secondReport: { outcome: string; by: string } | null;
  result: { outcome: string; source: string; forfeitedBy: string | null } | null;
  reason: string | null;
}

export interface RoundView {
  round: number;
  method: RoundState['method'];
  status: RoundState['status'];
  pairings: PairingView[];
  byes: SeatView[];
  clock?: ClockView;
}

/** A round's clock as of `asOf`: a page counts down from `remainingSeconds` while `state` is running. */
export interface ClockView {
  state: ClockState;
  seconds: number;
  policy: TimePolicy;
  startedAt: string;
  calledAt: string | null;
  remainingSeconds: number;
  asOf: string;
}

export function clockView(clock: RoundClock, asOf: string): ClockView {
  return {
    state: clockState(clock),
    seconds: clock.seconds,
    policy: clock.policy,
    startedAt: clock.startedAt,
    calledAt: clock.calledAt ?? null,
    remainingSeconds: remainingSeconds(clock, asOf),
    asOf,
  };
}

export interface TournamentStandingsView {
  tournamentId: string;
  scoring: Scoring;
  tieBreaks: TieBreak[];
  /**
   * The rounds the standings stand after: those closed, every table with its result. A round in play
   * is not one of them, though each of its results counts in the rows once it stands.
   */
  rounds: number;
  /** How many rounds it plays, as created (null: no number was set). */
  numberOfRounds: number | null;
  tables: TableMode;
  ruleset: TournamentRuleset | null;
  standings: (StandingRow & { competitor: string })[];
}

export function participantView(p: Participant): ParticipantView {
  return {
    participantId: p.participantId,
    name: p.name,
    club: p.club ?? null,
    faction: p.faction ?? null,
    seed: p.seed ?? null,
    ...(p.preferredTable !== undefined ? { preferredTable: p.preferredTable } : {}),
    registered: p.order,
    checkedIn: p.checkedIn,
    status: p.status,
    droppedAfterRound: p.droppedAfterRound ?? null,
  };
}

export function roundView(
  state: Tournament,
  round: RoundState,
  asOf: string,
  names: ReadonlyMap<string, string> = participantNames(state),
): RoundView {
  const clock = round.clock ? { clock: clockView(round.clock, asOf) } : {};
  return { ...roundViewWithoutClock(round, names), ...clock };
}

/** Each participant's name by id: a round's seats are named from it. */
export function participantNames(state: Tournament): Map<string, string> {
  return new Map(state.participants.map((p) => [p.participantId, p.name]));
}

/** A round as shown, but for its clock (which counts down as of each read). */
export function roundViewWithoutClock(round: RoundState, names: ReadonlyMap<string, string>): RoundView {
  const seat = (participantId: string): SeatView => ({
    participantId,
    name: names.get(participantId) ?? participantId,
  });
  return {
    round: round.round,
    method: round.method,
    status: round.status,
    pairings: round.pairings.map((p) => ({
      table: p.table,
      A: seat(p.A),
      B: seat(p.B),
      matchId: p.matchId ?? null,
      startsAt: p.startsAt ?? null,
      status: p.status,
      reported: p.reported ? { ...p.reported } : null,
      secondReport: p.status === 'disputed' && p.secondReport ? { ...p.secondReport } : null,
      result: p.result
        ? { outcome: p.result.outcome, source: p.result.source, forfeitedBy: p.result.forfeitedBy ?? null }
        : null,
      reason: p.status === 'final' || p.status === 'void' ? (p.reason ?? null) : null,
    })),
    byes: round.byes.map(seat),
  };
}

export function standingsView(state: Tournament): TournamentStandingsView {
  return {
    tournamentId: state.tournamentId,
    scoring: state.scoring,
    tieBreaks: state.tieBreaks,
    rounds: state.rounds.filter((r) => r.status === 'closed').length,
    numberOfRounds: state.numberOfRounds ?? null,
    tables: state.tables,
    ruleset: state.ruleset ?? null,
    standings: standings(state).map((row) => ({ ...row, competitor: row.name })),
  };
}

/** The standings as CSV (RFC 4180): one row per participant, every figure they were ranked by. */
export function standingsCsv(state: Tournament): string {
  const view = standingsView(state);
  const header = [
    'rank',
    'participantId',
    'name',
    'club',
    'faction',
    'status',
    'played',
    'won',
    'drawn',
    'lost',
    'byes',
    'points',
    ...view.tieBreaks,
    'seed',
    'registered',
  ];
  const rows = view.standings.map((row) => [
    row.rank,
    row.participantId,
    row.name,
    row.club ?? '',
    row.faction ?? '',
    row.status,
    row.played,
    row.won,
    row.drawn,
    row.lost,
    row.byes,
    row.points,
    ...view.tieBreaks.map((t) => row.tieBreaks[t] ?? ''),
    row.finalKey.seed ?? '',
    row.finalKey.registered,
  ]);
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A row of the standings a tournament without participants has: one per name on its matches. */
export interface NamedStandingRow {
  rank: number;
  competitor: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  points: number;
}

/**
 * The standings of a tournament run without participants (its matches name their players, and the
 * standings read model ranks those names) as CSV: the same columns as the JSON standings, one row per
 * competitor.
 */
export function namedStandingsCsv(rows: readonly NamedStandingRow[]): string {
  const header = ['rank', 'competitor', 'played', 'won', 'drawn', 'lost', 'points'];
  const lines = rows.map((row) => [
    row.rank,
    row.competitor,
    row.played,
    row.won,
    row.drawn,
    row.lost,
    row.points,
  ]);
  return [header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Whether a spreadsheet may read the text as a formula: it starts with = + - @ (or their full-width
 * forms) after any leading whitespace or control characters, which spreadsheets skip; or it starts with
 * a tab or carriage return, which some read as a cell break.
 */
function couldRunAsFormula(text: string): boolean {
  if (/^[\t\r]/.test(text)) return true;
  let start = 0;
  while (start < text.length && (text.charCodeAt(start) < 0x20 || /\s/.test(text.charAt(start)))) start += 1;
  return /^[=+\-@\uff1d\uff0b\uff0d\uff20]/.test(text.slice(start));
}

/**
 * One CSV cell (RFC 4180). A text that could run as a formula gets a leading apostrophe and is
 * quoted; a cell with a separator of any locale (`,` or `;`, the list separator where the decimal
 * mark is a comma), a quote, a line break, a tab or leading or trailing space is quoted, so that no
 * spreadsheet splits it into cells of which one starts a formula. Numbers are figures, never guarded.
 */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = typeof value === 'string' && couldRunAsFormula(text) ? `'${text}` : text;
  return /[",;\r\n\t]|^\s|\s$/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}
