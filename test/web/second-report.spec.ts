import { secondReport } from '../../web/judge/second-report.js';

describe('judge console: the second report of a disputed table', () => {
  it('C-6 given a dispute that records the second report, when it is read, then its result and note are the recorded ones', () => {
    expect(
      secondReport({
        by: 'p4',
        reason: 'p2 reported side A won, p4 reported side B won',
        report: { outcome: 'B', note: 'his general fled' },
      }),
    ).toEqual({ by: 'p4', outcome: 'B', note: 'his general fled' });
  });

  it('C-6 given a dispute recorded before reports were kept with it, when it is read, then the result comes from its words', () => {
    expect(secondReport({ by: 'p4', reason: 'p2 reported side A won, p4 reported a draw' })).toEqual({
      by: 'p4',
      outcome: 'draw',
    });
  });

  it('C-6 given a dispute in words, when it is read, then there is no second report', () => {
    expect(secondReport({ by: 'p3', reason: 'I won on objectives' })).toBeUndefined();
  });
});
