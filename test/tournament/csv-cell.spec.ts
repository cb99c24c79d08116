import { csvCell } from '../../src/tournament/tournament-views.js';

describe('CSV cells a spreadsheet cannot run', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    [' =1+1', `"' =1+1"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['\u00a0@SUM(A1)', `"'\u00a0@SUM(A1)"`],
    ['＝1+1', `"'＝1+1"`],
    ['-2+3', `"'-2+3"`],
    ['+2', `"'+2"`],
    ['\tTabbed', `"'\tTabbed"`],
  ])('%j could start a formula: guarded and quoted as %s', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it.each([
    ['Zulu;=1+1', '"Zulu;=1+1"'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['trailing ', '"trailing "'],
  ])('%j holds a separator of some locale, a quote or edge space: quoted as %s', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('plain text and figures stay as they are, negative figures included', () => {
    expect(csvCell('Cetshwayo kaMpande')).toBe('Cetshwayo kaMpande');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(21.5)).toBe('21.5');
  });
});
