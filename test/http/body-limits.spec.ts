import { bodyProblem } from '../../src/http/body-limits.js';

describe('body limits', () => {
  const limits = { maxArrayLength: 1000, maxNestingDepth: 32 };

  it('walks any depth without recursion: 200,000 nested arrays are measured, not overflowed', () => {
    let value: unknown = 1;
    for (let i = 0; i < 200_000; i++) value = [value];
    expect(bodyProblem(value, limits)).toMatch(/deeper than 32/);
  });

  it('32 levels pass; 33 do not', () => {
    const at = (n: number) => {
      let value: unknown = 'x';
      for (let i = 0; i < n; i++) value = { a: value };
      return value;
    };
    expect(bodyProblem(at(32), limits)).toBeUndefined();
    expect(bodyProblem(at(33), limits)).toMatch(/deeper/);
  });

  it('names a lone surrogate in a value or a field name; a surrogate pair is text', () => {
    expect(bodyProblem({ a: ['ok', 'b\udc00'] }, limits)).toBe(
      'body.a[1] is not well-formed Unicode text (it holds a lone surrogate)',
    );
    expect(bodyProblem({ ['k\ud800']: 1 }, limits)).toMatch(/field name/);
    expect(bodyProblem({ a: '\ud83c\udfc6' }, limits)).toBeUndefined();
  });
});
