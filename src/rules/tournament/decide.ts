import { assertNever, type Decider } from '../common/decider.js';
import { violation } from '../common/rule-violation.js';
import {
  type EventData,
  type Outcome,
  type Pairing,
  type PairingMethod,
  type ParticipantSides,
  type Players,
  type Scoring,
  type TableMode,
  type TieBreak,
  type TournamentRuleset,
  type TournamentEvent,
} from './events.js';
import { type ClockCommand, decideClock } from './clock.js';
import { evolve } from './evolve.js';
import {
  TOURNAMENT_RULES_VERSION,
  TOURNAMENT_RULES_VERSIONS,
  tournamentRulesVersion,
} from './rules-version.js';
import { pairRound } from './pair-round.js';
import {
  type PairingState,
  type ResultSource,
  type RoundState,
  type Tournament,
  type TournamentState,
  openRound,
  participantOf,
  roundOf,
  settled,
} from './state.js';

export type { TournamentState } from './state.js';
export type ScheduledMatch = EventData<'MatchScheduled'>;

/**
 * The tournament as a decider over its own stream. Refusals are C-6: `invalid` (400) for input that
 * is wrong whatever the tournament holds, `conflict` (409) for what clashes with it (a participant in
 * two matches of one round, a table taken, a result already standing): the message names the clash.
 */

type At = { round: number; table: number };
/**
 * C-6: where the caller saw the table's result stand when it decided (a judge deciding a disputed
 * table): the command is refused if it stands elsewhere now, so a decision made on a stale page never
 * overwrites a result someone else set meanwhile. Absent: set whatever it stands at.
 */
type Seen = { expectedStatus?: PairingState['status'] };

export type TournamentCommand =
  | {
      type: 'CreateTournament';
      tournamentId: string;
      name: string;
      scoring: Scoring;
      tieBreaks?: TieBreak[];
      clubsApartInRoundOne?: boolean;
      numberOfRounds?: number;
      tables?: TableMode;
      ruleset?: TournamentRuleset;
    }
  | {
      type: 'ScheduleMatch';
      matchId: string;
      round: number;
      table: number;
      players: Players | null;
      /** Participant ids; taken from the pairing at this table when the round was paired. */
      participants?: ParticipantSides;
      /**
       * The match the service already created for this very command, if any: a table found taken
       * then leaves it unscheduled, and the refusal says how to schedule it.
       */
      createdMatchId?: string;
    }
  | {
      type: 'RegisterParticipant';
      participantId?: string;
      name: string;
      club?: string;
      faction?: string;
      seed?: number;
      preferredTable?: number;
    }
  | { type: 'CheckInParticipant'; participantId: string }
  | { type: 'WithdrawParticipant'; participantId: string; reason: string }
  | { type: 'DropParticipant'; participantId: string; reason: string }
  | {
      type: 'OpenRound';
      round: number;
      method: PairingMethod;
      /** `imported` only: the pairings as the organiser made them. */
      pairings?: { table?: number; A: string; B: string }[];
      byes?: string[];
    }
  | {
      type: 'EditPairings';
      round: number;
      pairings: { table?: number; A: string; B: string }[];
      byes: string[];
      reason: string;
    }
  | { type: 'StartRound'; round: number }
  | (At & { type: 'ReportResult'; participantId: string; outcome: Outcome; note?: string })
  | (At & { type: 'ConfirmResult'; participantId: string })
  | (At & { type: 'DisputeResult'; participantId: string; reason: string })
  | (At & Seen & { type: 'OverrideResult'; outcome: Outcome; reason: string })
  | { type: 'RecordRefereeResult'; matchId: string; outcome: Outcome; endedRevision: number }
  | (At & Seen & { type: 'RecordForfeit'; participantId: string; reason: string })
  | (At & Seen & { type: 'VoidPairing'; reason: string })
  | (At & { type: 'ReschedulePairing'; toTable?: number; startsAt?: string; reason: string })
  | ClockCommand;

export function initialState(): TournamentState {
  return { created: false };
}

const conflict = (message: string): never => violation('C-6', message, 'conflict');
const invalid = (message: string): never => violation('C-6', message, 'invalid');

function requireTournament(state: TournamentState): Tournament {
  // The service answers 404 for a tournament with no stream before its rules are asked.
  if (!state.created) violation('C-6', 'the tournament does not exist');
  requireServedRules(state);
  return state;
}

/**
 * C-3: a tournament is decided under the rules it was created under. One written under a version
 * these rules are not (a newer build's) is refused, never decided under other rules than its own.
 */
function requireServedRules(state: Tournament): void {
  const version = tournamentRulesVersion(state.rulesVersion);
  if (!TOURNAMENT_RULES_VERSIONS.includes(version)) {
    violation(
      'C-3',
      `tournament ${state.tournamentId} is played under tournament rules ${version}; this service decides ${TOURNAMENT_RULES_VERSIONS.join(', ')}, so it changes nothing there`,
      'conflict',
    );
  }
}

function createTournament(
  state: TournamentState,
  command: Extract<TournamentCommand, { type: 'CreateTournament' }>,
): TournamentEvent[] {
  if (state.created) violation('C-6', `tournament ${command.tournamentId} exists already`);
  const { tournamentId, name, scoring, tieBreaks, clubsApartInRoundOne, numberOfRounds, tables, ruleset } =
    command;
  if (tieBreaks && new Set(tieBreaks).size !== tieBreaks.length) invalid('tieBreaks names a tie-break twice');
  if (numberOfRounds !== undefined && (!Number.isInteger(numberOfRounds) || numberOfRounds < 1))
    invalid('numberOfRounds: a tournament plays at least 1 round');
  // A refereed table is a match, and a match is played under one ruleset and version.
  if (tables === 'refereed' && !ruleset) invalid('ruleset: a refereed tournament names its ruleset');
  return [
    {
      type: 'TournamentCreated',
      data: {
        tournamentId,
        name,
        scoring: { ...scoring },
        ...(tieBreaks ? { tieBreaks: [...tieBreaks] } : {}),
        ...(clubsApartInRoundOne ? { clubsApartInRoundOne: true } : {}),
        ...(numberOfRounds !== undefined ? { numberOfRounds } : {}),
        ...(tables ? { tables } : {}),
        ...(ruleset ? { ruleset: { id: ruleset.id, version: ruleset.version } } : {}),
        rulesVersion: TOURNAMENT_RULES_VERSION,
      },
    },
  ];
}

function scheduleMatch(
  state: TournamentState,
  command: Extract<TournamentCommand, { type: 'ScheduleMatch' }>,
): TournamentEvent[] {
  const tournament = requireTournament(state);
  const { matchId, round, table, players } = command;
  let participants = command.participants;
  for (const scheduled of tournament.schedule) {
    if (scheduled.matchId === matchId) {
      violation('C-6', `match ${matchId} is already scheduled in tournament ${tournament.tournamentId}`);
    }
    if (scheduled.round === round && scheduled.table === table) {
      const orphan = command.createdMatchId
        ? `; match ${command.createdMatchId} was created for this command but is not scheduled: send the same command again with a free table or round to schedule it`
        : '';
      violation(
        'C-6',
        `table ${table} of round ${round} already has match ${scheduled.matchId} in tournament ${tournament.tournamentId}${orphan}`,
      );
    }
  }
  const paired = roundOf(tournament, round);
  if (paired) {
    // A paired round's matches play out its pairings, and only once it has started.
    if (paired.status === 'paired')
      conflict(`round ${round} has not started: start it before scheduling its matches`);
    const pairing = paired.pairings.find((p) => p.table === table);
    if (!pairing) conflict(`round ${round} has no pairing at table ${table}`);
    if (participants && (participants.A !== pairing!.A || participants.B !== pairing!.B)) {
      conflict(
        `table ${table} of round ${round} pairs ${pairing!.A} (A) with ${pairing!.B} (B), not ${participants.A} with ${participants.B}`,
      );
    }
    if (settled(pairing!)) conflict(`table ${table} of round ${round} has its result already`);
    participants = { A: pairing!.A, B: pairing!.B };
  } else if (participants) {
    for (const side of ['A', 'B'] as const) {
      const id = participants[side];
      const participant = participantOf(tournament, id);
      if (!participant || participant.status === 'withdrawn')
        invalid(`participants.${side}: no participant ${id}`);
    }
    if (participants.A === participants.B) invalid('participants: A and B are the same participant');
    for (const scheduled of tournament.schedule) {
      if (scheduled.round !== round || !scheduled.participants) continue;
      for (const id of [participants.A, participants.B]) {
        if (id === scheduled.participants.A || id === scheduled.participants.B) {
          conflict(
            `participant ${id} is already in match ${scheduled.matchId} at table ${scheduled.table} of round ${round}: one match per participant and round`,
          );
        }
      }
    }
  }
  const names: Players | null =
    players ??
    (participants
      ? {
          A: participantOf(tournament, participants.A)!.name,
          B: participantOf(tournament, participants.B)!.name,
        }
      : null);
  return [
    {
      type: 'MatchScheduled',
      data: { matchId, round, table, players: names, ...(participants ? { participants } : {}) },
    },
  ];
}

function registerParticipant(
  tournament: Tournament,
  command: Extract<TournamentCommand, { type: 'RegisterParticipant' }>,
): TournamentEvent[] {
  const participantId = command.participantId ?? automaticParticipantId(tournament);
  const taken = participantOf(tournament, participantId);
  if (taken) conflict(`participant ${participantId} is already registered (${taken.name})`);
  const name = command.name.trim();
  if (name === '') invalid('name must not be blank');
  const same = tournament.participants.find(
    (p) => p.status !== 'withdrawn' && p.name.toLowerCase() === name.toLowerCase(),
  );
  if (same) conflict(`${name} is already registered as participant ${same.participantId}`);
  const { club, faction, seed, preferredTable } = command;
  if (preferredTable !== undefined && (!Number.isInteger(preferredTable) || preferredTable < 1))
    invalid('preferredTable must be a whole number from 1');
  return [
    {
      type: 'ParticipantRegistered',
      data: {
        participantId,
        name,
        ...(club !== undefined ? { club } : {}),
        ...(faction !== undefined ? { faction } : {}),
        ...(seed !== undefined ? { seed } : {}),
        ...(preferredTable !== undefined ? { preferredTable } : {}),
      },
    },
  ];
}

/**
 * C-6 an id the organiser left out is `p<n>`, n one past the count registered, moved on past any id already
 * given by hand, so an automatic id never collides with a given one (and where none collides it is the id
 * earlier logs recorded).
 */
function automaticParticipantId(tournament: Tournament): string {
  const taken = new Set(tournament.participants.map((p) => p.participantId));
  let n = tournament.participants.length + 1;
  while (taken.has(`p${n}`)) n += 1;
  return `p${n}`;
}

function activeParticipant(tournament: Tournament, participantId: string) {
  const participant = participantOf(tournament, participantId);
  if (!participant)
    return invalid(`no participant ${participantId} in tournament ${tournament.tournamentId}`);
  if (participant.status !== 'active') conflict(`participant ${participantId} has ${participant.status}`);
  return participant;
}

function checkIn(tournament: Tournament, participantId: string): TournamentEvent[] {
  const participant = activeParticipant(tournament, participantId);
  if (participant.checkedIn) conflict(`participant ${participantId} is checked in already`);
  return [{ type: 'ParticipantCheckedIn', data: { participantId } }];
}

function withdraw(tournament: Tournament, participantId: string, reason: string): TournamentEvent[] {
  activeParticipant(tournament, participantId);
  if (tournament.rounds.length > 0) {
    conflict(
      `round 1 has been opened: participant ${participantId} drops out instead (they keep what they scored)`,
    );
  }
  return [{ type: 'ParticipantWithdrawn', data: { participantId, reason } }];
}

function drop(tournament: Tournament, participantId: string, reason: string): TournamentEvent[] {
  activeParticipant(tournament, participantId);
  if (tournament.rounds.length === 0)
    conflict(`no round has been opened: withdraw participant ${participantId} instead`);
  const current = openRound(tournament);
  if (current) {
    const pairing = current.pairings.find((p) => p.A === participantId || p.B === participantId);
    if (current.status === 'paired' && (pairing || current.byes.includes(participantId))) {
      conflict(
        `participant ${participantId} is paired in round ${current.round}, which has not started: edit the pairings first`,
      );
    }
    if (pairing && !settled(pairing)) {
      conflict(
        `participant ${participantId} plays table ${pairing.table} of round ${current.round}, which has no result yet: drop out is between rounds (record a forfeit first)`,
      );
    }
  }
  const afterRound = Math.max(
    0,
    ...tournament.rounds.filter((r) => r.status !== 'paired').map((r) => r.round),
  );
  return [{ type: 'ParticipantDropped', data: { participantId, reason, afterRound } }];
}

/**
 * Pairings as given (imported or edited): known participants who are paired from now on, tables
 * numbered from 1 when not given, and nobody twice in the round (409 naming both places).
 */
function checkedPairings(
  tournament: Tournament,
  round: number,
  given: { table?: number; A: string; B: string }[],
  byes: string[],
): { pairings: Pairing[]; byes: string[] } {
  const where = new Map<string, string>();
  const tables = new Set<number>();
  const pairings: Pairing[] = [];
  const place = (participantId: string, at: string): void => {
    const participant = participantOf(tournament, participantId);
    if (!participant) invalid(`${at}: no participant ${participantId}`);
    if (participant!.status !== 'active')
      conflict(`${at}: participant ${participantId} has ${participant!.status}`);
    const earlier = where.get(participantId);
    if (earlier)
      conflict(`participant ${participantId} is in two matches of round ${round}: ${earlier} and ${at}`);
    where.set(participantId, at);
  };
  let next = 1;
  for (const p of given) {
    const table = p.table ?? next;
    if (!Number.isInteger(table) || table < 1) invalid(`table ${table} must be a whole number from 1`);
    if (tables.has(table)) conflict(`table ${table} of round ${round} is given two pairings`);
    tables.add(table);
    next = Math.max(next, table + 1);
    if (p.A === p.B) invalid(`table ${table}: participant ${p.A} cannot play themselves`);
    place(p.A, `table ${table}`);
    place(p.B, `table ${table}`);
    pairings.push({ table, A: p.A, B: p.B });
  }
  for (const id of byes) place(id, 'a bye');
  return { pairings: pairings.sort((a, b) => a.table - b.table), byes: [...byes] };
}

function openRoundCommand(
  tournament: Tournament,
  command: Extract<TournamentCommand, { type: 'OpenRound' }>,
): TournamentEvent[] {
  const { round, method } = command;
  const expected = tournament.rounds.length + 1;
  if (tournament.numberOfRounds !== undefined && round > tournament.numberOfRounds) {
    const n = tournament.numberOfRounds;
    conflict(`the tournament plays ${n} round${n === 1 ? '' : 's'}: round ${round} is past them`);
  }
  if (round !== expected) conflict(`the next round is round ${expected}, not round ${round}`);
  const current = openRound(tournament);
  if (current) conflict(`round ${current.round} has not closed: every pairing needs a result first`);
  if (tournament.schedule.some((m) => m.round === round)) {
    conflict(`round ${round} already has matches scheduled without pairings`);
  }
  let published: { pairings: Pairing[]; byes: string[] };
  if (method === 'imported') {
    if (!command.pairings || command.pairings.length === 0)
      invalid('pairings: an imported round needs its pairings');
    published = checkedPairings(tournament, round, command.pairings!, command.byes ?? []);
  } else {
    if (command.pairings || command.byes) invalid(`pairings: a ${method} round is paired by the service`);
    const made = pairRound(tournament, round, method);
    published = checkedPairings(tournament, round, made.pairings, made.byes);
  }
  return [
    { type: 'RoundOpened', data: { round, method } },
    { type: 'PairingsPublished', data: { round, ...published, edited: false } },
  ];
}

function pairedRound(tournament: Tournament, round: number): RoundState {
  const found = roundOf(tournament, round);
  if (!found) return conflict(`round ${round} has not been opened`);
  return found;
}

function editPairings(
  tournament: Tournament,
  command: Extract<TournamentCommand, { type: 'EditPairings' }>,
): TournamentEvent[] {
  const round = pairedRound(tournament, command.round);
  if (round.status !== 'paired')
    conflict(`round ${round.round} has started: its pairings stand (void or reschedule a pairing instead)`);
  const published = checkedPairings(tournament, round.round, command.pairings, command.byes);
  // An edit moves players and tables; it never leaves out anyone the round had paired who still plays.
  const placed = new Set([...published.pairings.flatMap((p) => [p.A, p.B]), ...published.byes]);
  for (const id of [...round.pairings.flatMap((p) => [p.A, p.B]), ...round.byes]) {
    if (!placed.has(id) && participantOf(tournament, id)?.status === 'active') {
      conflict(`participant ${id} is left out of round ${round.round}: pair them or give them a bye`);
    }
  }
  return [
    {
      type: 'PairingsPublished',
      data: { round: round.round, ...published, edited: true, reason: command.reason },
    },
  ];
}

function startRound(tournament: Tournament, roundNumber: number): TournamentEvent[] {
  const round = pairedRound(tournament, roundNumber);
  if (round.status !== 'paired') conflict(`round ${roundNumber} has started already`);
  const events: TournamentEvent[] = [{ type: 'RoundStarted', data: { round: roundNumber } }];
  for (const participantId of round.byes) {
    events.push({
      type: 'ByeAwarded',
      data: { round: roundNumber, participantId, reason: 'no opponent this round' },
    });
  }
  if (round.pairings.length === 0) events.push({ type: 'RoundClosed', data: { round: roundNumber } });
  return events;
}

/** The pairing at a table of a started (or, for judges, closed) round. */
function pairingAt(
  tournament: Tournament,
  at: At,
  closedToo = false,
): { round: RoundState; pairing: PairingState } {
  const round = pairedRound(tournament, at.round);
  if (round.status === 'paired') conflict(`round ${at.round} has not started`);
  if (round.status === 'closed' && !closedToo) {
    conflict(`round ${at.round} has closed: only a judge or organiser can change its results now`);
  }
  const pairing = round.pairings.find((p) => p.table === at.table);
  if (!pairing) return conflict(`round ${at.round} has no pairing at table ${at.table}`);
  return { round, pairing };
}

/** The words of where a table's result stands, for a refusal read by a judge or organiser. */
function standsWords(tournament: Tournament, pairing: PairingState): string {
  const name = (participantId: string) =>
    tournament.participants.find((p) => p.participantId === participantId)?.name ?? participantId;
  const outcome = (o: Outcome) =>
    o === 'draw' ? 'a draw' : `${name(o === 'A' ? pairing.A : pairing.B)} won`;
  switch (pairing.status) {
    case 'pending':
      return 'it has no result reported';
    case 'reported':
      return `${name(pairing.reported!.by)} reported ${outcome(pairing.reported!.outcome)}, not yet confirmed`;
    case 'disputed':
      return 'its result is disputed';
    case 'void':
      return 'it was voided';
    case 'final': {
      const result = pairing.result!;
      const how: Record<ResultSource, string> = {
        confirmed: 'reported and confirmed',
        overridden: 'set by a judge or the organiser',
        referee: 'the refereed match ended',
        forfeit: `${name(result.forfeitedBy ?? '')} forfeited`,
      };
      return `its result is final: ${outcome(result.outcome)} (${how[result.source]})`;
    }
  }
}

/** C-6: refused when the table's result no longer stands where the caller saw it (Seen). */
function requireSeen(tournament: Tournament, pairing: PairingState, command: At & Seen): void {
  const expected = command.expectedStatus;
  if (expected === undefined || pairing.status === expected) return;
  conflict(
    `table ${command.table} of round ${command.round} is no longer ${expected}: ${standsWords(tournament, pairing)}; read it again before deciding`,
  );
}

function sideOf(pairing: PairingState, participantId: string, at: At): 'A' | 'B' {
  if (pairing.A === participantId) return 'A';
  if (pairing.B === participantId) return 'B';
  return conflict(`participant ${participantId} does not play table ${at.table} of round ${at.round}`);
}

/** The result events, then RoundClosed when this result was the round's last one missing. */
function withClosing(round: RoundState, pairing: PairingState, events: TournamentEvent[]): TournamentEvent[] {
  if (round.status !== 'started') return events;
  const others = round.pairings.filter((p) => p !== pairing);
  return others.every(settled) ? [...events, { type: 'RoundClosed', data: { round: round.round } }] : events;
}

function describe(outcome: Outcome): string {
  return outcome === 'draw' ? 'a draw' : `side ${outcome} won`;
}

function report(
  tournament: Tournament,
  command: Extract<TournamentCommand, { type: 'ReportResult' }>,
): TournamentEvent[] {
  const { round, table, participantId, outcome } = command;
  const { round: r, pairing } = pairingAt(tournament, command);
  sideOf(pairing, participantId, command);
  switch (pairing.status) {
    case 'pending':
      return [
        {
          type: 'ResultReported',
          data: {
            round,
            table,
            outcome,
            reportedBy: participantId,
            ...(command.note ? { note: command.note } : {}),
          },
        },
      ];
    case 'reported': {
      const reported = pairing.reported!;
      if (reported.by === participantId) {
        return conflict(
          `participant ${participantId} has reported table ${table} of round ${round} already: the opponent confirms it`,
        );
      }
      // The opponent's own report: the same result confirms it, another disputes it.
      if (reported.outcome === outcome) {
        return withClosing(r, pairing, [
          { type: 'ResultConfirmed', data: { round, table, outcome, confirmedBy: participantId } },
        ]);
      }
      return [
        {
          type: 'ResultDisputed',
          data: {
            round,
            table,
            disputedBy: participantId,
            reason: `${reported.by} reported ${describe(reported.outcome)}, ${participantId} reported ${describe(outcome)}`,
            report: { outcome, ...(command.note ? { note: command.note } : {}) },
          },
        },
      ];
    }
    case 'disputed':
      return conflict(`table ${table} of round ${round} is disputed: a judge decides it`);
    case 'final':
      return conflict(
        `table ${table} of round ${round} has its result already: a judge or organiser can override it`,
      );
    case 'void':
      return conflict(`table ${table} of round ${round} was voided`);
  }
}

function confirm(
  tournament: Tournament,
  command: Extract<TournamentCommand, { type: 'ConfirmResult' }>,
): TournamentEvent[] {
  const { round, table, participantId } = command;
  const { round: r, pairing } = pairingAt(tournament, command);
  sideOf(pairing, participantId, command);
  if (pairing.status !== 'reported')
    conflict(
      `table ${table} of round ${round} has no result awaiting confirmation (it is ${pairing.status})`,
    );
  if (pairing.reported!.by === participantId)
    conflict(`participant ${participantId} reported this result: the opponent confirms it`);
  return withClosing(r, pairing, [
    {
      type: 'ResultConfirmed',
      data: { round, table, outcome: pairing.reported!.outcome, confirmedBy: participantId },
    },
  ]);
}

function dispute(
  tournament: Tournament,
  command: Extract<TournamentCommand, { type: 'DisputeResult' }>,
): TournamentEvent[] {
  const { round, table, participantId, reason } = command;
  const { pairing } = pairingAt(tournament, command);
  sideOf(pairing, participantId, command);
  if (pairing.status !== 'reported')
    conflict(
      `table ${table} of round ${round} has no result awaiting confirmation (it is ${pairing.status})`,
    );
  if (pairing.reported!.by === participantId)
    conflict(`participant ${participantId} reported this result: only the opponent disputes it`);
  return [{ type: 'ResultDisputed', data: { round, table, disputedBy: participantId, reason } }];
}

function override(
  tournament: Tournament,
  command: Extract<TournamentCommand, { type: 'OverrideResult' }>,
): TournamentEvent[] {
  const { round, table, outcome, reason } = command;
  const { round: r, pairing } = pairingAt(tournament, command, true);
  requireSeen(tournament, pairing, command);
  if (pairing.status === 'void') conflict(`table ${table} of round ${round} was voided`);
  return withClosing(r, pairing, [{ type: 'ResultOverridden', data: { round, table, outcome, reason } }]);
}

function refereeResult(
  tournament: Tournament,
  command: Extract<TournamentCommand, { type: 'RecordRefereeResult' }>,
): TournamentEvent[] {
  const { matchId, outcome, endedRevision } = command;
  for (const round of tournament.rounds) {
    const pairing = round.pairings.find((p) => p.matchId === matchId);
    if (!pairing) continue;
    const at = { round: round.round, table: pairing.table };
    if (pairing.status === 'final' || pairing.status === 'void') {
      return conflict(`table ${at.table} of round ${at.round} has its result already`);
    }
    return withClosing(round, pairing, [
      { type: 'RefereeResultRecorded', data: { ...at, outcome, matchId, endedRevision } },
    ]);
  }
  return conflict(`match ${matchId} plays no pairing of tournament ${tournament.tournamentId}`);
}

function forfeit(
  tournament: Tournament,
  command: Extract<TournamentCommand, { type: 'RecordForfeit' }>,
): TournamentEvent[] {
  const { round, table, participantId, reason } = command;
  const { round: r, pairing } = pairingAt(tournament, command, true);
  requireSeen(tournament, pairing, command);
  const side = sideOf(pairing, participantId, command);
  if (pairing.status === 'void') conflict(`table ${table} of round ${round} was voided`);
  if (pairing.status === 'final')
    conflict(`table ${table} of round ${round} has its result already: override it instead`);
  const outcome: Outcome = side === 'A' ? 'B' : 'A';
  return withClosing(r, pairing, [
    { type: 'ForfeitRecorded', data: { round, table, forfeitedBy: participantId, outcome, reason } },
  ]);
}

function voidPairing(
  tournament: Tournament,
  command: Extract<TournamentCommand, { type: 'VoidPairing' }>,
): TournamentEvent[] {
  const { round, table, reason } = command;
  const { round: r, pairing } = pairingAt(tournament, command, true);
  requireSeen(tournament, pairing, command);
  if (pairing.status === 'void') conflict(`table ${table} of round ${round} was voided already`);
  return withClosing(r, pairing, [{ type: 'PairingVoided', data: { round, table, reason } }]);
}

function reschedule(
  tournament: Tournament,
  command: Extract<TournamentCommand, { type: 'ReschedulePairing' }>,
): TournamentEvent[] {
  const { round, table, toTable, startsAt, reason } = command;
  const r = pairedRound(tournament, round);
  if (r.status === 'closed') conflict(`round ${round} has closed`);
  const pairing = r.pairings.find((p) => p.table === table);
  if (!pairing) return conflict(`round ${round} has no pairing at table ${table}`);
  if (pairing.status !== 'pending')
    conflict(`table ${table} of round ${round} has a result reported: it is not rescheduled`);
  const target = toTable ?? table;
  if (target !== table) {
    if (pairing.matchId)
      conflict(`table ${table} of round ${round} has match ${pairing.matchId}: it keeps its table`);
    if (r.pairings.some((p) => p.table === target))
      conflict(`table ${target} of round ${round} has a pairing already`);
  }
  if (target === table && startsAt === undefined)
    invalid('toTable or startsAt: a reschedule changes one of them');
  return [
    {
      type: 'PairingRescheduled',
      data: { round, table, toTable: target, ...(startsAt !== undefined ? { startsAt } : {}), reason },
    },
  ];
}

export function decide(state: TournamentState, command: TournamentCommand): TournamentEvent[] {
  if (command.type === 'CreateTournament') return createTournament(state, command);
  if (command.type === 'ScheduleMatch') return scheduleMatch(state, command);
  const tournament = requireTournament(state);
  switch (command.type) {
    case 'RegisterParticipant':
      return registerParticipant(tournament, command);
    case 'CheckInParticipant':
      return checkIn(tournament, command.participantId);
    case 'WithdrawParticipant':
      return withdraw(tournament, command.participantId, command.reason);
    case 'DropParticipant':
      return drop(tournament, command.participantId, command.reason);
    case 'OpenRound':
      return openRoundCommand(tournament, command);
    case 'EditPairings':
      return editPairings(tournament, command);
    case 'StartRound':
      return startRound(tournament, command.round);
    case 'ReportResult':
      return report(tournament, command);
    case 'ConfirmResult':
      return confirm(tournament, command);
    case 'DisputeResult':
      return dispute(tournament, command);
    case 'OverrideResult':
      return override(tournament, command);
    case 'RecordRefereeResult':
      return refereeResult(tournament, command);
    case 'RecordForfeit':
      return forfeit(tournament, command);
    case 'VoidPairing':
      return voidPairing(tournament, command);
    case 'ReschedulePairing':
      return reschedule(tournament, command);
    case 'StartRoundClock':
    case 'PauseRoundClock':
    case 'ResumeRoundClock':
    case 'ExtendRoundClock':
    case 'CallTime':
      return decideClock(tournament, command);
    default:
      return assertNever(command, 'tournament command');
  }
}

export const tournamentDecider: Decider<TournamentState, TournamentCommand, TournamentEvent> = {
  initialState,
  decide: (state, command) => decide(state, command),
  evolve: (state, event) => evolve(state, event),
};

export { evolve };
