import { boundMatch, fieldsMeaningless, mayIssueRole } from '../../src/auth/key-policy.js';

describe('key policy', () => {
  it('a key issues keys of its own role or a lower one: organiser > judge > player > spectator', () => {
    expect(mayIssueRole('organiser', 'organiser')).toBe(true);
    expect(mayIssueRole('organiser', 'spectator')).toBe(true);
    expect(mayIssueRole('judge', 'organiser')).toBe(false);
    expect(mayIssueRole('judge', 'player')).toBe(true);
    expect(mayIssueRole('player', 'judge')).toBe(false);
    expect(mayIssueRole('spectator', 'player')).toBe(false);
    expect(mayIssueRole('spectator', 'spectator')).toBe(true);
  });

  it('side means something on a player key only; matchId on a player, judge or spectator key, never an organiser key', () => {
    expect(fieldsMeaningless({ role: 'player', matchId: 'm', side: 'A' })).toEqual([]);
    expect(fieldsMeaningless({ role: 'judge', matchId: 'm' })).toEqual([]);
    expect(fieldsMeaningless({ role: 'spectator', matchId: 'm' })).toEqual([]);
    expect(fieldsMeaningless({ role: 'judge', matchId: 'm', side: 'A' })).toEqual(['side']);
    expect(fieldsMeaningless({ role: 'organiser', matchId: 'm', side: 'B' })).toEqual(['matchId', 'side']);
    expect(fieldsMeaningless({ role: 'spectator' })).toEqual([]);
  });

  it('a judge or spectator key with a matchId is bound to that match; a player key’s match is its seat', () => {
    expect(boundMatch({ role: 'judge', matchId: 'm' })).toBe('m');
    expect(boundMatch({ role: 'spectator', matchId: 'm' })).toBe('m');
    expect(boundMatch({ role: 'judge' })).toBeUndefined();
    expect(boundMatch({ role: 'player', matchId: 'm' })).toBeUndefined();
  });
});
