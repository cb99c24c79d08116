import { Worker } from 'node:worker_threads';
import {
  WorkerJobAbandonedError,
  WorkerJobError,
  WorkerLostError,
  WorkerPool,
} from '../../src/worker-pool/worker-pool.js';

/**
 * The one pool every worker thread runs behind. The worker here speaks the pool's protocol and
 * does what its work says: `{ echo }` answers it with its thread id, `{ throws }` fails the job,
 * `{ dies }` ends the thread mid-job, `{ hang }` never answers, `delay` waits first.
 */
const ECHO = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', ({ id, work }) => {
  if (work.dies) process.exit(3);
  if (work.hang) return;
  setTimeout(() => parentPort.postMessage(
    work.throws ? { id, ok: false, error: work.throws } : { id, ok: true, answer: { echo: work.echo, threadId } },
  ), work.delay ?? 0);
});
`;

type Work = { echo?: string; throws?: string; dies?: boolean; hang?: boolean; delay?: number };
type Answer = { echo: string; threadId: number };

describe('WorkerPool: bounded, queued, a crash fails its job alone', () => {
  let live = 0;
  let most = 0;
  const start = (): Worker => {
    const worker = new Worker(ECHO, { eval: true });
    live += 1;
    most = Math.max(most, live);
    worker.once('exit', () => (live -= 1));
    return worker;
  };
  let pool: WorkerPool;
  beforeEach(() => {
    live = 0;
    most = 0;
    pool = new WorkerPool(start, 2, 60_000);
  });
  afterEach(() => pool.close());

  const run = (work: Work, signal?: AbortSignal): Promise<Answer> =>
    pool.run<Answer>('store-chain', work, signal);

  it('never runs more workers than its bound: further jobs wait their turn and all are answered', async () => {
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((echo) => run({ echo, delay: 20 })));
    expect(answers.map((a) => a.echo)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most).toBe(2);
    expect(pool.started).toBe(2);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(2);
  });

  it('queues what it cannot start at once', async () => {
    const first = run({ echo: 'first', delay: 50 });
    const second = run({ echo: 'second', delay: 50 });
    const third = run({ echo: 'third' });
    expect(pool.workers).toBe(2);
    expect(pool.waiting).toBe(1);
    expect((await third).echo).toBe('third');
    await Promise.all([first, second]);
  });

  it('a job that throws fails with its message, and its worker goes on to the next job', async () => {
    await expect(run({ throws: 'no such stream' })).rejects.toEqual(new WorkerJobError('no such stream'));
    const after = await run({ echo: 'after' });
    expect(after.echo).toBe('after');
    expect(pool.started).toBe(1);
  });

  it('a worker that dies fails the job it ran; the pool replaces it for the next job', async () => {
    const died = run({ dies: true });
    await expect(died).rejects.toBeInstanceOf(WorkerLostError);
    const next = await run({ echo: 'next' });
    expect(next.echo).toBe('next');
    expect(pool.started).toBe(2);
    expect(pool.workers).toBe(1);
  });

  it('a worker that dies while others wait hands its place to the next job in the queue', async () => {
    const one = new WorkerPool(start, 1, 60_000);
    try {
      const died = one.run('store-chain', { dies: true });
      const queued = one.run<Answer>('store-chain', { echo: 'queued' });
      await expect(died).rejects.toBeInstanceOf(WorkerLostError);
      expect((await queued).echo).toBe('queued');
      expect(one.started).toBe(2);
    } finally {
      await one.close();
    }
  });

  it('a job given up leaves the queue, or ends the worker running it', async () => {
    const one = new WorkerPool(start, 1, 60_000);
    try {
      const running = new AbortController();
      const waiting = new AbortController();
      const hung = one.run('store-chain', { hang: true }, running.signal);
      const queued = one.run('store-chain', { echo: 'never' }, waiting.signal);
      const after = one.run<Answer>('store-chain', { echo: 'after' });
      waiting.abort();
      await expect(queued).rejects.toBeInstanceOf(WorkerJobAbandonedError);
      running.abort();
      await expect(hung).rejects.toBeInstanceOf(WorkerJobAbandonedError);
      expect((await after).echo).toBe('after');
      expect(one.started).toBe(2);
    } finally {
      await one.close();
    }
  });

  it('closing fails the jobs left, ends every worker, and refuses new jobs', async () => {
    const hung = run({ hang: true });
    const queuedBehind = [run({ hang: true }), run({ echo: 'never' })];
    await pool.close();
    await expect(hung).rejects.toBeInstanceOf(WorkerJobAbandonedError);
    for (const job of queuedBehind) await expect(job).rejects.toBeInstanceOf(WorkerJobAbandonedError);
    expect(pool.workers).toBe(0);
    await expect(run({ echo: 'late' })).rejects.toBeInstanceOf(WorkerJobAbandonedError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(live).toBe(0);
  });

  it('ends an idle worker after the idle time, and starts a fresh one when next asked', async () => {
    const quick = new WorkerPool(start, 2, 20);
    try {
      const first = await quick.run<Answer>('store-chain', { echo: 'one' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(quick.workers).toBe(0);
      const second = await quick.run<Answer>('store-chain', { echo: 'two' });
      expect(second.threadId).not.toBe(first.threadId);
      expect(quick.started).toBe(2);
    } finally {
      await quick.close();
    }
  });

  it('refuses a bound below one', () => {
    expect(() => new WorkerPool(start, 0)).toThrow(RangeError);
  });
});
