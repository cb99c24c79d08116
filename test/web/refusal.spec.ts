import { ApiError } from '../../web/shared/api.js';
import { refusalText } from '../../web/shared/refusal.js';

describe('a refusal in words', () => {
  it('given a refusal whose message names its rule, when it is said, then the rule is not added again', () => {
    const error = new ApiError(409, 'C-6: tournament spring-day exists already', 'C-6');
    expect(refusalText(error)).toBe('C-6: tournament spring-day exists already');
  });

  it('given a refusal whose message does not name its rule, when it is said, then the rule follows it', () => {
    const error = new ApiError(409, 'unit nnc has no melee morale test to take', 'HH-8');
    expect(refusalText(error)).toBe('unit nnc has no melee morale test to take (HH-8)');
  });

  it('given a refusal without a rule, when it is said, then it is its message', () => {
    expect(refusalText(new ApiError(400, 'name must be shorter'))).toBe('name must be shorter');
  });
});
