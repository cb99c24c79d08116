import {
  remainingSeconds,
  type RoundClock,
  tournamentDecider,
  type TournamentEvent,
} from '../../../src/rules/tournament/index.js';
import { spec } from '../../support/decider-spec.js';

/** The round clock, given / when / then on the tournament's stream: every instant is the command's own. */
const tournament = spec(tournamentDecider);

const created: TournamentEvent = {
  type: 'TournamentCreated',
  data: { tournamentId: 'cup', name: 'Cup', scoring: { win: 3, draw: 1, loss: 0 } },
};
const field: TournamentEvent[] = [1, 2, 3, 4].flatMap((n): TournamentEvent[] => [
  { type: 'ParticipantRegistered', data: { participantId: `p${n}`, name: `Player ${n}` } },
  { type: 'ParticipantCheckedIn', data: { participantId: `p${n}` } },
]);
const paired: TournamentEvent[] = [
  created,
  ...field,
  { type: 'RoundOpened', data: { round: 1, method: 'imported' } },
  {
    type: 'PairingsPublished',
    data: {
      round: 1,
      pairings: [
        { table: 1, A: 'p1', B: 'p2' },
        { table: 2, A: 'p3', B: 'p4' },
      ],
      byes: [],
      edited: false,
    },
  },
];
const started: TournamentEvent[] = [...paired, { type: 'RoundStarted', data: { round: 1 } }];
const T0 = '2026-04-11T10:00:00.000Z';
const at = (minutes: number, seconds = 0): string =>
  new Date(Date.parse(T0) + (minutes * 60 + seconds) * 1000).toISOString();
const clockStarted: TournamentEvent = {
  type: 'RoundClockStarted',
  data: { round: 1, seconds: 3600, policy: 'finish-turn', at: T0 },
};
const clockOf = (events: TournamentEvent[]): RoundClock => {
  const state = tournament.given(events).state;
  if (!state.created) throw new Error('no tournament');
  return state.rounds[0]!.clock!;
};

describe('the round clock', () => {
  it('C-6 the clock starts once the round has started, with its length and time-called policy', () => {
    tournament
      .given(started)
      .when({ type: 'StartRoundClock', round: 1, seconds: 3600, policy: 'finish-turn', at: T0 })
      .then([clockStarted]);
    const early = tournament
      .given(paired)
      .when({ type: 'StartRoundClock', round: 1, seconds: 3600, policy: 'stop-now', at: T0 })
      .thenRefuses('C-6', 'conflict');
    expect(early.message).toMatch(/round 1 has not started/);
    const twice = tournament
      .given([...started, clockStarted])
      .when({ type: 'StartRoundClock', round: 1, seconds: 60, policy: 'stop-now', at: at(1) })
      .thenRefuses('C-6', 'conflict');
    expect(twice.message).toMatch(/was started at/);
  });

  it('C-6 a clock of no time, of a fraction of a second, or at no instant is refused as invalid', () => {
    for (const seconds of [0, 1.5, 24 * 60 * 60 + 1]) {
      tournament
        .given(started)
        .when({ type: 'StartRoundClock', round: 1, seconds, policy: 'stop-now', at: T0 })
        .thenRefuses('C-6', 'invalid');
    }
    tournament
      .given(started)
      .when({ type: 'StartRoundClock', round: 1, seconds: 60, policy: 'stop-now', at: 'soon' })
      .thenRefuses('C-6', 'invalid');
  });

  it('C-3 the time left is a function of the events and the instant asked, to the second', () => {
    const clock = clockOf([...started, clockStarted]);
    expect(remainingSeconds(clock, T0)).toBe(3600);
    expect(remainingSeconds(clock, at(10, 0.2))).toBe(3000);
    expect(remainingSeconds(clock, at(61))).toBe(0);
  });

  it('C-6 a paused clock keeps its time; resumed, it runs on from there; extended, it gains time', () => {
    const pause = tournament
      .given([...started, clockStarted])
      .when({ type: 'PauseRoundClock', round: 1, at: at(10) })
      .then([{ type: 'RoundClockPaused', data: { round: 1, at: at(10) } }]);
    const paused = [...started, clockStarted, ...pause];
    expect(remainingSeconds(clockOf(paused), at(30))).toBe(3000);
    tournament
      .given(paused)
      .when({ type: 'PauseRoundClock', round: 1, at: at(11) })
      .thenRefuses('C-6', 'conflict');
    const resume = tournament
      .given(paused)
      .when({ type: 'ResumeRoundClock', round: 1, at: at(30) })
      .then([{ type: 'RoundClockResumed', data: { round: 1, at: at(30) } }]);
    const resumed = [...paused, ...resume];
    expect(remainingSeconds(clockOf(resumed), at(40))).toBe(2400);
    const extend = tournament
      .given(resumed)
      .when({ type: 'ExtendRoundClock', round: 1, seconds: 300, reason: 'fire alarm', at: at(40) })
      .then([
        { type: 'RoundClockExtended', data: { round: 1, seconds: 300, reason: 'fire alarm', at: at(40) } },
      ]);
    expect(remainingSeconds(clockOf([...resumed, ...extend]), at(40))).toBe(2700);
  });

  it('C-6 calling time records the policy and the refereed matches still playing; the clock then stops', () => {
    const withMatches: TournamentEvent[] = [
      ...started,
      { type: 'MatchScheduled', data: { matchId: 'm1', round: 1, table: 1, players: null } },
      { type: 'MatchScheduled', data: { matchId: 'm2', round: 1, table: 2, players: null } },
      {
        type: 'RefereeResultRecorded',
        data: { round: 1, table: 2, outcome: 'A', matchId: 'm2', endedRevision: 9 },
      },
      clockStarted,
    ];
    const called = tournament
      .given(withMatches)
      .when({ type: 'CallTime', round: 1, at: at(55) })
      .then([
        { type: 'TimeCalled', data: { round: 1, policy: 'finish-turn', matchIds: ['m1'], at: at(55) } },
      ]);
    const after = [...withMatches, ...called];
    expect(remainingSeconds(clockOf(after), at(56))).toBe(0);
    expect(clockOf(after).calledAt).toBe(at(55));
    for (const command of [
      { type: 'CallTime', round: 1, at: at(57) },
      { type: 'PauseRoundClock', round: 1, at: at(57) },
      { type: 'ExtendRoundClock', round: 1, seconds: 60, reason: 'late', at: at(57) },
    ] as const) {
      const refused = tournament.given(after).when(command).thenRefuses('C-6', 'conflict');
      expect(refused.message).toMatch(/time was called in round 1/);
    }
  });

  it('C-6 time is called only on a clock that was started', () => {
    const refused = tournament
      .given(started)
      .when({ type: 'CallTime', round: 1, at: T0 })
      .thenRefuses('C-6', 'conflict');
    expect(refused.message).toMatch(/no clock/);
  });
});
