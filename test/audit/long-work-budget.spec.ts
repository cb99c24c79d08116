import { HttpException } from '@nestjs/common';
import { LONG_WORK_IN_ALL, LongWorkBudget } from '../../src/audit/long-work-budget.js';

/** Long reads (verify, export, checkpoint) run one at a time per key, a few at a time in all. */
describe('the budget for long reads', () => {
  const status = (f: () => unknown): number | undefined => {
    try {
      f();
    } catch (error) {
      return error instanceof HttpException ? error.getStatus() : -1;
    }
    return undefined;
  };

  it('one long read at a time per key: a second is 429 until the first is released; other keys go on', () => {
    const budget = new LongWorkBudget();
    const release = budget.take('key-A', 'verify');
    expect(status(() => budget.take('key-A', 'export'))).toBe(429);
    const other = budget.take('key-B', 'verify');
    release();
    release(); // twice is once
    const again = budget.take('key-A', 'export');
    again();
    other();
  });

  it(`at most ${LONG_WORK_IN_ALL} long reads in all, whoever asks`, () => {
    const budget = new LongWorkBudget();
    const held = Array.from({ length: LONG_WORK_IN_ALL }, (_, i) => budget.take(`key-${i}`, 'verify'));
    expect(status(() => budget.take('key-late', 'verify'))).toBe(429);
    held[0]!();
    expect(status(() => budget.take('key-late', 'verify'))).toBeUndefined();
  });

  it('run() gives the budget back whether the work succeeds or fails', async () => {
    const budget = new LongWorkBudget();
    await expect(budget.run('key-A', 'verify', async () => 'report')).resolves.toBe('report');
    await expect(
      budget.run('key-A', 'verify', async () => {
        throw new Error('store down');
      }),
    ).rejects.toThrow('store down');
    const during = budget.run('key-A', 'verify', () => new Promise((resolve) => setTimeout(resolve, 20)));
    await expect(budget.run('key-A', 'verify', async () => 'second')).rejects.toMatchObject({ status: 429 });
    await during;
    await expect(budget.run('key-A', 'verify', async () => 'third')).resolves.toBe('third');
  });
});
