import { withNames } from '../../web/desk/named-refusal.js';

const people = [
  { participantId: 'p1', name: 'Alice Archer' },
  { participantId: 'p4', name: 'Dana Dunn' },
  { participantId: 'p12', name: 'Lee Long' },
];

describe('a refusal on the desk names participants, not their ids', () => {
  it('replaces "participant <id>" and a bare id by the name', () => {
    expect(
      withNames(
        'C-6: participant p4 is paired in round 1, which has not started: edit the pairings first',
        people,
      ),
    ).toBe('C-6: Dana Dunn is paired in round 1, which has not started: edit the pairings first');
    expect(withNames('Participant p4 has dropped', people)).toBe('Dana Dunn has dropped');
    expect(withNames('p1 reported side A won, p12 reported side B won', people)).toBe(
      'Alice Archer reported side A won, Lee Long reported side B won',
    );
  });

  it('leaves ids it does not know, and parts of other words, as they are', () => {
    expect(withNames('participant p9 has dropped', people)).toBe('participant p9 has dropped');
    expect(withNames('table p1-extra and p12x and p1', people)).toBe(
      'table p1-extra and p12x and Alice Archer',
    );
    expect(withNames('nothing to name', [])).toBe('nothing to name');
  });
});
