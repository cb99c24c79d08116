import { withRuleNamed } from '../../web/shared/rule-named.js';

describe('pages: a refusal in words', () => {
  it('given a refusal whose message names its rule, when it is said, then the rule is not added again', () => {
    expect(withRuleNamed('C-6: tournament spring-day exists already', 'C-6')).toBe(
      'C-6: tournament spring-day exists already',
    );
  });

  it('given a refusal whose message does not name its rule, when it is said, then the rule follows it', () => {
    expect(withRuleNamed('unit nnc has no melee morale test to take', 'HH-8')).toBe(
      'unit nnc has no melee morale test to take (HH-8)',
    );
  });

  it('given a refusal without a rule, when it is said, then it is its message', () => {
    expect(withRuleNamed('name must be shorter', undefined)).toBe('name must be shorter');
  });
});
