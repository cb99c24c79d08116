import { TableDice, RuleViolation, parametersHash } from '../../src/rules/common/index.js';

describe('common rule pieces', () => {
  it('C-1 table dice hand out the entered faces in order and refuse a face outside 1–6', () => {
    // given faces entered at the table
    const dice = new TableDice([3, 4, 6]);
    // when the rules ask for a 2D6 then a D6
    const first = dice.roll({ purpose: 'willpower', count: 2, side: 'A' });
    const second = dice.roll({ purpose: 'impact', count: 1, side: 'A' });
    // then each roll records its faces, purpose, origin and side
    expect(first).toEqual({ purpose: 'willpower', faces: [3, 4], origin: 'table', side: 'A' });
    expect(second.faces).toEqual([6]);
    expect(() => new TableDice([7])).toThrow(RuleViolation);
    expect(() => dice.roll({ purpose: 'morale test', count: 2, side: 'B' })).toThrow(/C-1/);
  });

  it('C-3 the parameter hash depends on content, not key order', () => {
    expect(parametersHash({ a: 1, b: [2, 3] })).toBe(parametersHash({ b: [2, 3], a: 1 }));
    expect(parametersHash({ a: 1 })).not.toBe(parametersHash({ a: 2 }));
  });
});
