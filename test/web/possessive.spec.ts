import { possessive } from '../../web/shared/possessive.js';
import { possessive as servicePossessive } from '../../src/rules/common/turn-log.js';

/** The pages name whose a seat, a phone or a dispute is (web/shared/possessive.ts). */
describe('the pages’ possessive of a name', () => {
  it('given a name ending in s, when made possessive, then it takes the apostrophe alone', () => {
    expect(possessive('Romans')).toBe("Romans'");
    expect(possessive('Zulus')).toBe("Zulus'");
  });

  it('given any other name, when made possessive, then it takes ’s', () => {
    expect(possessive('Side A')).toBe("Side A's");
    expect(possessive('British')).toBe("British's");
  });

  it('given any name, then the pages write it as the service’s own words do', () => {
    for (const name of ['Romans', 'Side A', 'British', 'Zulus'])
      expect(possessive(name)).toBe(servicePossessive(name));
  });
});
