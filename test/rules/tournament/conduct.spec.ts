import {
  type Outcome,
  tournamentDecider,
  type TournamentEvent,
} from '../../../src/rules/tournament/index.js';
import { spec } from '../../support/decider-spec.js';

/** Running a tournament, given / when / then on the tournament's own stream. */
const tournament = spec(tournamentDecider);
const scoring = { win: 3, draw: 1, loss: 0 };

const created: TournamentEvent = {
  type: 'TournamentCreated',
  data: { tournamentId: 'cup', name: 'Cup', scoring },
};
const registered = (n: number): TournamentEvent => ({
  type: 'ParticipantRegistered',
  data: { participantId: `p${n}`, name: `Player ${n}` },
});
const checkedIn = (n: number): TournamentEvent => ({
  type: 'ParticipantCheckedIn',
  data: { participantId: `p${n}` },
});
const field = (count: number): TournamentEvent[] =>
  Array.from({ length: count }, (_, i) => [registered(i + 1), checkedIn(i + 1)]).flat();
const opened = (round: number, pairings: [string, string][], byes: string[] = []): TournamentEvent[] => [
  { type: 'RoundOpened', data: { round, method: 'imported' } },
  {
    type: 'PairingsPublished',
    data: { round, pairings: pairings.map(([A, B], i) => ({ table: i + 1, A, B })), byes, edited: false },
  },
];
const started = (round: number): TournamentEvent => ({ type: 'RoundStarted', data: { round } });
const confirmed = (round: number, table: number, outcome: Outcome, by: string): TournamentEvent[] => [
  { type: 'ResultReported', data: { round, table, outcome, reportedBy: 'x' } },
  { type: 'ResultConfirmed', data: { round, table, outcome, confirmedBy: by } },
];
/** Four players, round 1 started: p1–p2 at table 1, p3–p4 at table 2. */
const roundOne = [
  created,
  ...field(4),
  ...opened(1, [
    ['p1', 'p2'],
    ['p3', 'p4'],
  ]),
  started(1),
];

describe('participants', () => {
  it('C-6 participants get stable ids in order of registration, and no two share a name', () => {
    tournament
      .given([created, registered(1)])
      .when({ type: 'RegisterParticipant', name: 'Ann', club: 'North', seed: 2 })
      .then([
        { type: 'ParticipantRegistered', data: { participantId: 'p2', name: 'Ann', club: 'North', seed: 2 } },
      ]);
    const twin = tournament
      .given([created, registered(1)])
      .when({ type: 'RegisterParticipant', name: ' player 1 ' })
      .thenRefuses('C-6', 'conflict');
    expect(twin.message).toContain('already registered as participant p1');
  });

  it('C-6 an automatic id moves past ids given by hand, so registering without an id never collides', () => {
    const handGiven = (participantId: string, name: string): TournamentEvent => ({
      type: 'ParticipantRegistered',
      data: { participantId, name },
    });
    tournament
      .given([created, handGiven('p2', 'Bo')])
      .when({ type: 'RegisterParticipant', name: 'Ann' })
      .then([{ type: 'ParticipantRegistered', data: { participantId: 'p3', name: 'Ann' } }]);
    tournament
      .given([created, registered(1), handGiven('p2', 'Bo'), handGiven('p3', 'Cy')])
      .when({ type: 'RegisterParticipant', name: 'Ann' })
      .then([{ type: 'ParticipantRegistered', data: { participantId: 'p4', name: 'Ann' } }]);
    tournament
      .given([created, handGiven('p2', 'Bo'), registered(3)])
      .when({ type: 'RegisterParticipant', name: 'Ann' })
      .then([{ type: 'ParticipantRegistered', data: { participantId: 'p4', name: 'Ann' } }]);
    const given = tournament
      .given([created, handGiven('p2', 'Bo')])
      .when({ type: 'RegisterParticipant', name: 'Cy', participantId: 'p2' })
      .thenRefuses('C-6', 'conflict');
    expect(given.message).toContain('participant p2 is already registered (Bo)');
  });

  it('C-6 withdrawing is before round 1; after it, a participant drops out between rounds only', () => {
    tournament
      .given([created, ...field(2)])
      .when({ type: 'WithdrawParticipant', participantId: 'p2', reason: 'ill' })
      .then([{ type: 'ParticipantWithdrawn', data: { participantId: 'p2', reason: 'ill' } }]);
    tournament
      .given(roundOne)
      .when({ type: 'WithdrawParticipant', participantId: 'p2', reason: 'ill' })
      .thenRefuses('C-6', 'conflict');
    const midRound = tournament
      .given(roundOne)
      .when({ type: 'DropParticipant', participantId: 'p2', reason: 'ill' })
      .thenRefuses('C-6', 'conflict');
    expect(midRound.message).toContain('plays table 1 of round 1, which has no result yet');
    tournament
      .given([...roundOne, ...confirmed(1, 1, 'A', 'p2')])
      .when({ type: 'DropParticipant', participantId: 'p2', reason: 'ill' })
      .then([{ type: 'ParticipantDropped', data: { participantId: 'p2', reason: 'ill', afterRound: 1 } }]);
  });
});

describe('rounds and pairings', () => {
  it('C-6 a participant in two matches of one round is refused, naming both places', () => {
    const refusal = tournament
      .given([created, ...field(4)])
      .when({
        type: 'OpenRound',
        round: 1,
        method: 'imported',
        pairings: [
          { A: 'p1', B: 'p2' },
          { A: 'p3', B: 'p1' },
        ],
      })
      .thenRefuses('C-6', 'conflict');
    expect(refusal.message).toBe('C-6: participant p1 is in two matches of round 1: table 1 and table 2');
    const byeToo = tournament
      .given([created, ...field(3), ...opened(1, [['p1', 'p2']], ['p3'])])
      .when({
        type: 'EditPairings',
        round: 1,
        pairings: [{ A: 'p1', B: 'p3' }],
        byes: ['p3'],
        reason: 'swap',
      })
      .thenRefuses('C-6', 'conflict');
    expect(byeToo.message).toContain('participant p3 is in two matches of round 1: table 1 and a bye');
  });

  it('C-6 an edit that leaves out a player of the round is refused: pair them or give them a bye', () => {
    const refusal = tournament
      .given([
        created,
        ...field(4),
        ...opened(1, [
          ['p1', 'p2'],
          ['p3', 'p4'],
        ]),
      ])
      .when({
        type: 'EditPairings',
        round: 1,
        pairings: [{ A: 'p1', B: 'p3' }],
        byes: ['p2'],
        reason: 'swap',
      })
      .thenRefuses('C-6', 'conflict');
    expect(refusal.message).toBe('C-6: participant p4 is left out of round 1: pair them or give them a bye');
  });

  it('C-6 pairings are edited until the round starts, and stand after', () => {
    const given = [
      created,
      ...field(4),
      ...opened(1, [
        ['p1', 'p2'],
        ['p3', 'p4'],
      ]),
    ];
    tournament
      .given(given)
      .when({
        type: 'EditPairings',
        round: 1,
        pairings: [
          { A: 'p1', B: 'p3' },
          { table: 5, A: 'p2', B: 'p4' },
        ],
        byes: [],
        reason: 'club mates apart',
      })
      .then([
        {
          type: 'PairingsPublished',
          data: {
            round: 1,
            pairings: [
              { table: 1, A: 'p1', B: 'p3' },
              { table: 5, A: 'p2', B: 'p4' },
            ],
            byes: [],
            edited: true,
            reason: 'club mates apart',
          },
        },
      ]);
    tournament
      .given([...given, started(1)])
      .when({ type: 'EditPairings', round: 1, pairings: [], byes: [], reason: 'late' })
      .thenRefuses('C-6', 'conflict');
  });

  it('C-6 the next round opens once the last has closed, paired by the service when Swiss', () => {
    tournament
      .given(roundOne)
      .when({ type: 'OpenRound', round: 2, method: 'swiss' })
      .thenRefuses('C-6', 'conflict');
    tournament
      .given([created, ...field(3)])
      .when({ type: 'OpenRound', round: 1, method: 'swiss' })
      .then([
        { type: 'RoundOpened', data: { round: 1, method: 'swiss' } },
        {
          type: 'PairingsPublished',
          data: { round: 1, pairings: [{ table: 1, A: 'p1', B: 'p2' }], byes: ['p3'], edited: false },
        },
      ]);
    // Registered but not checked in: not paired.
    tournament
      .given([created, ...field(2), registered(3)])
      .when({ type: 'OpenRound', round: 1, method: 'round-robin' })
      .then((events) =>
        expect(events[1]!.data).toMatchObject({ pairings: [{ A: 'p1', B: 'p2' }], byes: [] }),
      );
  });

  it('C-6 a Swiss round with no pairing left but rematches is refused, and says to import it', () => {
    const refusal = tournament
      .given([
        created,
        ...field(2),
        ...opened(1, [['p1', 'p2']]),
        started(1),
        ...confirmed(1, 1, 'A', 'p2'),
        { type: 'RoundClosed', data: { round: 1 } },
      ])
      .when({ type: 'OpenRound', round: 2, method: 'swiss' })
      .thenRefuses('C-6', 'conflict');
    expect(refusal.message).toContain('import');
  });
});

describe('results', () => {
  it('C-6 a report is confirmed by the opponent only; the last result closes the round', () => {
    const reported: TournamentEvent = {
      type: 'ResultReported',
      data: { round: 1, table: 1, outcome: 'A', reportedBy: 'p1' },
    };
    tournament
      .given([...roundOne, reported])
      .when({ type: 'ConfirmResult', round: 1, table: 1, participantId: 'p1' })
      .thenRefuses('C-6', 'conflict');
    tournament
      .given([...roundOne, reported])
      .when({ type: 'ConfirmResult', round: 1, table: 1, participantId: 'p3' })
      .thenRefuses('C-6', 'conflict');
    tournament
      .given([...roundOne, reported, ...confirmed(1, 2, 'draw', 'p4')])
      .when({ type: 'ConfirmResult', round: 1, table: 1, participantId: 'p2' })
      .then([
        { type: 'ResultConfirmed', data: { round: 1, table: 1, outcome: 'A', confirmedBy: 'p2' } },
        { type: 'RoundClosed', data: { round: 1 } },
      ]);
  });

  it('C-6 given a report, when the opponent reports another result with a note, then the dispute records their report and note', () => {
    const reported: TournamentEvent = {
      type: 'ResultReported',
      data: { round: 1, table: 1, outcome: 'A', reportedBy: 'p1', note: 'routed his left' },
    };
    tournament
      .given([...roundOne, reported])
      .when({
        type: 'ReportResult',
        round: 1,
        table: 1,
        participantId: 'p2',
        outcome: 'draw',
        note: 'time ran out',
      })
      .then([
        {
          type: 'ResultDisputed',
          data: {
            round: 1,
            table: 1,
            disputedBy: 'p2',
            reason: 'p1 reported side A won, p2 reported a draw',
            report: { outcome: 'draw', note: 'time ran out' },
          },
        },
      ]);
    // Disputed in words, there is no report of theirs to keep.
    tournament
      .given([...roundOne, reported])
      .when({ type: 'DisputeResult', round: 1, table: 1, participantId: 'p2', reason: 'the left held' })
      .then([
        { type: 'ResultDisputed', data: { round: 1, table: 1, disputedBy: 'p2', reason: 'the left held' } },
      ]);
  });

  it('C-6 a different report from the opponent disputes it; only an override settles a dispute', () => {
    const reported: TournamentEvent = {
      type: 'ResultReported',
      data: { round: 1, table: 1, outcome: 'A', reportedBy: 'p1' },
    };
    const disputed = tournament
      .given([...roundOne, reported])
      .when({ type: 'ReportResult', round: 1, table: 1, participantId: 'p2', outcome: 'B' })
      .then((events) =>
        expect(events[0]).toMatchObject({ type: 'ResultDisputed', data: { disputedBy: 'p2' } }),
      );
    tournament
      .given([...roundOne, reported, ...disputed])
      .when({ type: 'ReportResult', round: 1, table: 1, participantId: 'p1', outcome: 'A' })
      .thenRefuses('C-6', 'conflict');
    tournament
      .given([...roundOne, reported, ...disputed])
      .when({ type: 'OverrideResult', round: 1, table: 1, outcome: 'draw', reason: 'time was called' })
      .then([
        {
          type: 'ResultOverridden',
          data: { round: 1, table: 1, outcome: 'draw', reason: 'time was called' },
        },
      ]);
  });

  it('C-6 given a disputed table the organiser has since decided, when a judge decides it as seen disputed, then it is refused and says where it stands; as seen now, it is set', () => {
    const reported: TournamentEvent = {
      type: 'ResultReported',
      data: { round: 1, table: 1, outcome: 'A', reportedBy: 'p1' },
    };
    const disputed: TournamentEvent = {
      type: 'ResultDisputed',
      data: { round: 1, table: 1, disputedBy: 'p2', reason: 'the left held' },
    };
    const overridden: TournamentEvent = {
      type: 'ResultOverridden',
      data: { round: 1, table: 1, outcome: 'B', reason: 'p1 conceded at the desk' },
    };
    const decided = tournament.given([...roundOne, reported, disputed, overridden]);
    const stale = decided
      .when({
        type: 'OverrideResult',
        round: 1,
        table: 1,
        outcome: 'draw',
        reason: 'both held',
        expectedStatus: 'disputed',
      })
      .thenRefuses('C-6', 'conflict');
    expect(stale.message).toBe(
      'C-6: table 1 of round 1 is no longer disputed: its result is final: Player 2 won (set by a judge or the organiser); read it again before deciding',
    );
    for (const command of [
      {
        type: 'RecordForfeit' as const,
        participantId: 'p1',
        reason: 'left',
        expectedStatus: 'disputed' as const,
      },
      { type: 'VoidPairing' as const, reason: 'wrong table', expectedStatus: 'disputed' as const },
    ]) {
      decided.when({ round: 1, table: 1, ...command }).thenRefuses('C-6', 'conflict');
    }
    // Seen as it stands, or without saying, the result is set as before.
    decided
      .when({
        type: 'OverrideResult',
        round: 1,
        table: 1,
        outcome: 'draw',
        reason: 'both held',
        expectedStatus: 'final',
      })
      .then([
        { type: 'ResultOverridden', data: { round: 1, table: 1, outcome: 'draw', reason: 'both held' } },
      ]);
    tournament
      .given([...roundOne, reported, disputed])
      .when({
        type: 'OverrideResult',
        round: 1,
        table: 1,
        outcome: 'draw',
        reason: 'both held',
        expectedStatus: 'disputed',
      })
      .then([
        { type: 'ResultOverridden', data: { round: 1, table: 1, outcome: 'draw', reason: 'both held' } },
      ]);
  });

  it('C-6 forfeit, void and reschedule are events with reasons; the referee result counts once', () => {
    tournament
      .given(roundOne)
      .when({ type: 'RecordForfeit', round: 1, table: 2, participantId: 'p4', reason: 'no show' })
      .then([
        {
          type: 'ForfeitRecorded',
          data: { round: 1, table: 2, forfeitedBy: 'p4', outcome: 'A', reason: 'no show' },
        },
      ]);
    tournament
      .given(roundOne)
      .when({ type: 'ReschedulePairing', round: 1, table: 2, toTable: 9, reason: 'table broken' })
      .then([
        { type: 'PairingRescheduled', data: { round: 1, table: 2, toTable: 9, reason: 'table broken' } },
      ]);
    tournament
      .given(roundOne)
      .when({ type: 'ReschedulePairing', round: 1, table: 2, toTable: 1, reason: 'swap' })
      .thenRefuses('C-6', 'conflict');
    const scheduled: TournamentEvent = {
      type: 'MatchScheduled',
      data: { matchId: 'm1', round: 1, table: 1, players: null, participants: { A: 'p1', B: 'p2' } },
    };
    const voided: TournamentEvent = {
      type: 'PairingVoided',
      data: { round: 1, table: 2, reason: 'wrong army lists' },
    };
    tournament
      .given([...roundOne, scheduled, voided])
      .when({ type: 'RecordRefereeResult', matchId: 'm1', outcome: 'B', endedRevision: 40 })
      .then([
        {
          type: 'RefereeResultRecorded',
          data: { round: 1, table: 1, outcome: 'B', matchId: 'm1', endedRevision: 40 },
        },
        { type: 'RoundClosed', data: { round: 1 } },
      ]);
    tournament
      .given([...roundOne, scheduled, ...confirmed(1, 1, 'A', 'p2')])
      .when({ type: 'RecordRefereeResult', matchId: 'm1', outcome: 'B', endedRevision: 40 })
      .thenRefuses('C-6', 'conflict');
  });

  it('C-6 a match in a paired round plays the pairing at its table, and nobody twice in one round', () => {
    tournament
      .given(roundOne)
      .when({
        type: 'ScheduleMatch',
        matchId: 'm1',
        round: 1,
        table: 1,
        players: null,
        participants: { A: 'p2', B: 'p1' },
      })
      .thenRefuses('C-6', 'conflict');
    tournament
      .given(roundOne)
      .when({ type: 'ScheduleMatch', matchId: 'm1', round: 1, table: 1, players: null })
      .then([
        {
          type: 'MatchScheduled',
          data: {
            matchId: 'm1',
            round: 1,
            table: 1,
            players: { A: 'Player 1', B: 'Player 2' },
            participants: { A: 'p1', B: 'p2' },
          },
        },
      ]);
    // Without pairings: participants named by the schedule, one match each per round.
    const free = [
      created,
      ...field(3),
      {
        type: 'MatchScheduled',
        data: { matchId: 'm1', round: 1, table: 1, players: null, participants: { A: 'p1', B: 'p2' } },
      } as TournamentEvent,
    ];
    const clash = tournament
      .given(free)
      .when({
        type: 'ScheduleMatch',
        matchId: 'm2',
        round: 1,
        table: 2,
        players: null,
        participants: { A: 'p3', B: 'p2' },
      })
      .thenRefuses('C-6', 'conflict');
    expect(clash.message).toContain('participant p2 is already in match m1 at table 1 of round 1');
  });
});

describe('round robin through the rounds', () => {
  it('C-6 four participants meet each other once over three rounds; a fourth round is refused', () => {
    let events: TournamentEvent[] = [created, ...field(4)];
    const met = new Set<string>();
    for (let round = 1; round <= 3; round++) {
      const decided = tournament
        .given(events)
        .when({ type: 'OpenRound', round, method: 'round-robin' })
        .then(() => undefined);
      const published = decided[1]!.data as { pairings: { table: number; A: string; B: string }[] };
      events = [...events, ...decided, started(round)];
      for (const p of published.pairings) {
        met.add([p.A, p.B].sort().join('-'));
        events = [...events, ...confirmed(round, p.table, 'draw', p.B)];
      }
      events.push({ type: 'RoundClosed', data: { round } });
    }
    expect([...met].sort()).toEqual(['p1-p2', 'p1-p3', 'p1-p4', 'p2-p3', 'p2-p4', 'p3-p4']);
    const refusal = tournament
      .given(events)
      .when({ type: 'OpenRound', round: 4, method: 'round-robin' })
      .thenRefuses('C-6');
    expect(refusal.message).toContain('a round robin of 4 has 3 rounds');
  });
});
