import { resultSentence } from '../../web/shared/result-sentence.js';

/** C-4: a match's result, as the play contract gives it, read out as a sentence on every match page. */
describe('pages: the result of a match in a sentence', () => {
  const sideName = (id?: string) => ({ A: 'Zulus', B: 'British' })[id ?? ''] ?? '—';
  const unitName = () => undefined;

  it('C-4 given a winner with a name and a note, then "<name> won — <note>"', () => {
    expect(
      resultSentence(
        { winner: 'A', winnerName: 'Alice Archer', note: 'Impi held the field' },
        sideName,
        unitName,
      ),
    ).toBe('Alice Archer won — Impi held the field');
  });

  it('C-4 without a winner name the side’s name stands in; without a note the sentence stops at the winner', () => {
    expect(resultSentence({ winner: 'B', winnerName: null, note: '' }, sideName, unitName)).toBe(
      'British won',
    );
  });

  it('C-4 a draw says so', () => {
    expect(resultSentence({ winner: null, winnerName: null, note: 'time' }, sideName, unitName)).toBe(
      'A draw — time',
    );
  });

  it('any other result is said in plain words, none at all as "ended"', () => {
    expect(resultSentence(undefined, sideName, unitName)).toBe('ended');
    expect(resultSentence('surrendered', sideName, unitName)).toBe('surrendered');
  });
});
