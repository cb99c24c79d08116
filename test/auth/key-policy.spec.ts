import { fieldsMeaningless, mayIssueRole } from '../../src/auth/key-policy.js';

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

  it('matchId and side mean something on a player key only', () => {
    expect(fieldsMeaningless({ role: 'player', matchId: 'm', side: 'A' })).toEqual([]);
    expect(fieldsMeaningless({ role: 'judge', matchId: 'm' })).toEqual(['matchId']);
    expect(fieldsMeaningless({ role: 'organiser', matchId: 'm', side: 'B' })).toEqual(['matchId', 'side']);
    expect(fieldsMeaningless({ role: 'spectator' })).toEqual([]);
  });
});
