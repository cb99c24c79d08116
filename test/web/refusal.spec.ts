import { withoutRuleNamed, withRuleNamed } from '../../web/shared/rule-named.js';

describe('pages: a refusal in words', () => {
  it('given a refusal whose message names its rule, when it is said, then the rule is not added again', () => {
    expect(withRuleNamed('HH-9: unit U3 has already surrendered', 'HH-9')).toBe(
      'HH-9: unit U3 has already surrendered',
    );
  });

  it('given a refusal of bad input (C-6), when it is said, then it says what was wrong without naming C-6', () => {
    expect(withRuleNamed('C-6: tournament spring-day exists already', 'C-6')).toBe(
      'Tournament spring-day exists already',
    );
    expect(withRuleNamed('C-6: a Swiss round needs two checked-in participants at least', undefined)).toBe(
      'A Swiss round needs two checked-in participants at least',
    );
    expect(withRuleNamed('sides.B must be shorter than or equal to 40 characters', 'C-6')).toBe(
      'sides.B must be shorter than or equal to 40 characters',
    );
    // Another rule named in a bad-input refusal stays.
    expect(withRuleNamed('C-6: HH-8 asks for 2 dice, not 3', 'C-6')).toBe('HH-8 asks for 2 dice, not 3');
  });

  it('given a refusal whose message does not name its rule, when it is said, then the rule follows it', () => {
    expect(withRuleNamed('unit nnc has no melee morale test to take', 'HH-8')).toBe(
      'unit nnc has no melee morale test to take (HH-8)',
    );
  });

  it('given a refusal without a rule, when it is said, then it is its message', () => {
    expect(withRuleNamed('name must be shorter', undefined)).toBe('name must be shorter');
  });

  it('given a refusal shown beside its rule link, when its message starts with that rule, then the message drops it', () => {
    expect(withoutRuleNamed('HH-8: unit nnc has no melee morale test to take', 'HH-8')).toBe(
      'unit nnc has no melee morale test to take',
    );
  });

  it('given a refusal shown beside its rule link, when its message names another rule or names it later, then the message stays', () => {
    expect(withoutRuleNamed('C-6: no unit nnc is registered', 'HH-8')).toBe('C-6: no unit nnc is registered');
    expect(withoutRuleNamed('the test is due first (HH-8)', 'HH-8')).toBe('the test is due first (HH-8)');
    expect(withoutRuleNamed('HH-8: nothing to take', undefined)).toBe('HH-8: nothing to take');
    // A longer id that begins like it is another rule.
    expect(withoutRuleNamed('HH-10: fight back first', 'HH-1')).toBe('HH-10: fight back first');
  });
});
