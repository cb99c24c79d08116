import { possessive } from '../../web/judge/possessive.js';

/** The judge's console names whose a dispute is (web/judge/possessive.ts). */
describe('judge console: a side’s possessive', () => {
  it('given a name ending in s, when made possessive, then it takes the apostrophe alone', () => {
    expect(possessive('Romans')).toBe('Romans’');
    expect(possessive('Zulus')).toBe('Zulus’');
  });

  it('given any other name, when made possessive, then it takes ’s', () => {
    expect(possessive('Side A')).toBe('Side A’s');
    expect(possessive('British')).toBe('British’s');
  });
});
