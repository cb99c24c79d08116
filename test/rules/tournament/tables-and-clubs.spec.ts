import { tournamentDecider, type TournamentEvent } from '../../../src/rules/tournament/index.js';
import { spec } from '../../support/decider-spec.js';

/** Round 1 by the service: table numbers, preferred tables and club mates kept apart. */
const tournament = spec(tournamentDecider);

const created = (clubsApartInRoundOne?: boolean): TournamentEvent => ({
  type: 'TournamentCreated',
  data: {
    tournamentId: 'cup',
    name: 'Cup',
    scoring: { win: 3, draw: 1, loss: 0 },
    ...(clubsApartInRoundOne ? { clubsApartInRoundOne } : {}),
  },
});
const player = (n: number, club?: string, preferredTable?: number): TournamentEvent[] => [
  {
    type: 'ParticipantRegistered',
    data: {
      participantId: `p${n}`,
      name: `Player ${n}`,
      seed: n,
      ...(club ? { club } : {}),
      ...(preferredTable ? { preferredTable } : {}),
    },
  },
  { type: 'ParticipantCheckedIn', data: { participantId: `p${n}` } },
];
const pairingsOf = (events: TournamentEvent[]): string => {
  const published = events.find((e) => e.type === 'PairingsPublished');
  if (published?.type !== 'PairingsPublished') throw new Error('no pairings');
  return published.data.pairings.map((p) => `${p.table}:${p.A}-${p.B}`).join(' ');
};
const openSwiss = { type: 'OpenRound', round: 1, method: 'swiss' } as const;

describe('table numbers and club mates', () => {
  it('C-6 tables are numbered from 1 in pairing order, the top pairing on table 1', () => {
    const events = tournament
      .given([created(), ...[1, 2, 3, 4, 5, 6].flatMap((n) => player(n))])
      .when(openSwiss)
      .then(() => undefined);
    expect(pairingsOf(events)).toBe('1:p1-p4 2:p2-p5 3:p3-p6');
  });

  it('C-6 a participant who prefers a table sits there; the others keep pairing order on the free tables', () => {
    const events = tournament
      .given([created(), ...player(1), ...player(2), ...player(3), ...player(4), ...player(5, undefined, 1)])
      .when({ ...openSwiss })
      .then(() => undefined);
    // p5 has the bye (lowest ranked of five), so the preference does not apply; p6 added below does.
    expect(pairingsOf(events)).toBe('1:p1-p3 2:p2-p4');
    const six = tournament
      .given([created(), ...[1, 2, 3, 4, 5].flatMap((n) => player(n)), ...player(6, undefined, 1)])
      .when(openSwiss)
      .then(() => undefined);
    expect(pairingsOf(six)).toBe('1:p3-p6 2:p1-p4 3:p2-p5');
  });

  it('C-6 two who want one table: the first pairing in order has it, the other takes a free table', () => {
    const events = tournament
      .given([created(), ...player(1, undefined, 5), ...player(2, undefined, 5), ...player(3), ...player(4)])
      .when(openSwiss)
      .then(() => undefined);
    expect(pairingsOf(events)).toBe('1:p2-p4 5:p1-p3');
  });

  it('C-6 round 1 keeps club mates apart where the field allows, when the tournament says so', () => {
    const clubs = [
      ...player(1, 'North'),
      ...player(2, 'South'),
      ...player(3, 'North'),
      ...player(4, 'South'),
    ];
    // By seed alone round 1 would pair p1-p3 and p2-p4: both club pairings.
    const apart = tournament
      .given([created(true), ...clubs])
      .when(openSwiss)
      .then(() => undefined);
    expect(pairingsOf(apart)).toBe('1:p1-p4 2:p2-p3');
    const asBefore = tournament
      .given([created(), ...clubs])
      .when(openSwiss)
      .then(() => undefined);
    expect(pairingsOf(asBefore)).toBe('1:p1-p3 2:p2-p4');
  });

  it('C-6 club mates are paired in round 1 when the field leaves no other way', () => {
    const oneClub = [1, 2, 3, 4].flatMap((n) => player(n, n < 4 ? 'North' : 'South'));
    const events = tournament
      .given([created(true), ...oneClub])
      .when(openSwiss)
      .then(() => undefined);
    expect(pairingsOf(events)).toMatch(/^1:p1-p\d 2:p\d-p\d$/);
    expect(pairingsOf(events).split(' ')).toHaveLength(2);
  });

  it('C-6 a preferred table that is not a whole number from 1 is refused', () => {
    tournament
      .given([created()])
      .when({ type: 'RegisterParticipant', name: 'Ann', preferredTable: 0 })
      .thenRefuses('C-6', 'invalid');
  });
});
