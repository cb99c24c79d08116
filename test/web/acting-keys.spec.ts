import { keysActingFor, type ListedKey } from '../../web/desk/acting-keys.js';
import type { Pairing, Round } from '../../web/shared/tournament-views.js';

/**
 * The keys the desk shuts out for a lost phone (web/desk/acting-keys.ts): the participant's own keys
 * in this tournament and the seat keys of the sides they play, never a revoked key, another
 * tournament's participant of the same id, the opponent's seat or a judge's key.
 */
const pairing = (table: number, A: string, B: string, matchId: string | null): Pairing => ({
  table,
  A: { participantId: A, name: A },
  B: { participantId: B, name: B },
  matchId,
  status: 'pending',
  reported: null,
  result: null,
});
const rounds: Round[] = [
  { round: 1, method: 'swiss', status: 'closed', pairings: [pairing(1, 'p1', 'p3', 'm1')], byes: [] },
  { round: 2, method: 'swiss', status: 'started', pairings: [pairing(2, 'p2', 'p1', 'm2')], byes: [] },
];
const key = (keyId: string, grant: Partial<ListedKey>): ListedKey => ({
  keyId,
  role: 'player',
  revoked: false,
  ...grant,
});

describe('the keys a lost phone holds', () => {
  it('given the participant’s own key and a seat in each round, when asked, then names each of them', () => {
    const keys = [
      key('own', { tournamentId: 't', participantId: 'p1' }),
      key('seat1', { matchId: 'm1', side: 'A' }),
      key('seat2', { tournamentId: 't', matchId: 'm2', side: 'B' }),
    ];
    expect(keysActingFor('p1', 't', keys, rounds)).toEqual([
      { keyId: 'own', words: 'their own key, which reports and confirms their results' },
      { keyId: 'seat1', words: 'the key of their seat at table 1 of round 1, which plays it' },
      { keyId: 'seat2', words: 'the key of their seat at table 2 of round 2, which plays it' },
    ]);
  });

  it('given keys that do not act for them, when asked, then leaves every one out', () => {
    const keys = [
      key('revoked', { tournamentId: 't', participantId: 'p1', revoked: true }),
      key('elsewhere', { tournamentId: 'other', participantId: 'p1' }),
      key('opponent-seat', { matchId: 'm1', side: 'B' }),
      key('opponent', { tournamentId: 't', participantId: 'p3' }),
      key('judge', { role: 'judge', tournamentId: 't' }),
      key('unpaired-match', { matchId: 'm9', side: 'A' }),
    ];
    expect(keysActingFor('p1', 't', keys, rounds)).toEqual([]);
  });
});
