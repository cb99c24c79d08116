import { timeCalledNotice } from '../../web/shared/time-called.js';

/** C-7 in the table page's words: what each policy leaves the players to do, from the contract alone. */
describe('the table page once time was called', () => {
  it('C-7 stop now: no more moves, the judge or organiser ends the match', () => {
    expect(timeCalledNotice({ round: 2, policy: 'stop-now', playOver: true })).toBe(
      'Time was called on round 2: stop now. No more moves; the judge or the organiser ends the match (C-7).',
    );
  });

  it('C-7 finish the turn: play on until the turn ends, then no more moves', () => {
    expect(timeCalledNotice({ round: 3, policy: 'finish-turn', playOver: false })).toMatch(
      /^Time was called on round 3: finish the current turn/,
    );
    expect(timeCalledNotice({ round: 3, policy: 'finish-turn', playOver: true })).toMatch(
      /the turn it was called in has ended\. No more moves/,
    );
  });
});
