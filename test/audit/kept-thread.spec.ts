import { Worker } from 'node:worker_threads';
import { KeptThread } from '../../src/audit/kept-thread.js';

/**
 * The route's verification thread, kept warm between verifications: one piece of work at a
 * time, in order; the same thread for the next piece; a fresh one after a failure or a piece given up.
 * The worker here echoes its work: `{ echo }` answers it, `{ fail: true }` answers null, `{ crash:
 * true }` throws in the thread, `{ hang: true }` never answers.
 */
const ECHO = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', ({ id, work }) => {
  if (work.crash) throw new Error('crashed');
  if (work.hang) return;
  setTimeout(() => parentPort.postMessage({ id, answer: work.fail ? null : { echo: work.echo, threadId } }), work.delay ?? 0);
});
`;

type Work = { echo?: string; fail?: boolean; crash?: boolean; hang?: boolean; delay?: number };
type Answer = { echo: string; threadId: number };

describe('KeptThread: the verification thread kept between verifications', () => {
  let thread: KeptThread<Work, Answer>;
  beforeEach(() => {
    thread = new KeptThread<Work, Answer>(() => new Worker(ECHO, { eval: true }), 60_000);
  });
  afterEach(() => thread.close());

  it('runs each piece on the same thread, one at a time, in the order asked', async () => {
    const answers = await Promise.all([
      thread.run({ echo: 'first', delay: 30 }),
      thread.run({ echo: 'second' }),
      thread.run({ echo: 'third' }),
    ]);
    expect(answers.map((a) => a?.echo)).toEqual(['first', 'second', 'third']);
    expect(new Set(answers.map((a) => a?.threadId)).size).toBe(1);
    expect((await thread.run({ echo: 'later' }))?.threadId).toBe(answers[0]!.threadId);
    expect(thread.started).toBe(1);
  });

  it('answers undefined when the work could not be done, and keeps the thread', async () => {
    expect(await thread.run({ fail: true })).toBeUndefined();
    expect((await thread.run({ echo: 'after' }))?.echo).toBe('after');
    expect(thread.started).toBe(1);
  });

  it('a thread that crashes answers its piece undefined, and the next piece gets a fresh thread', async () => {
    const crashed = thread.run({ crash: true });
    const next = thread.run({ echo: 'next' });
    expect(await crashed).toBeUndefined();
    expect((await next)?.echo).toBe('next');
    expect(thread.started).toBe(2);
  });

  it('a piece given up ends the thread running it; a waiting one just leaves the queue', async () => {
    const running = new AbortController();
    const waiting = new AbortController();
    const hung = thread.run({ hang: true }, running.signal);
    const queued = thread.run({ echo: 'never' }, waiting.signal);
    const after = thread.run({ echo: 'after' });
    waiting.abort();
    expect(await queued).toBeUndefined();
    running.abort();
    expect(await hung).toBeUndefined();
    expect((await after)?.echo).toBe('after');
    expect(thread.started).toBe(2);
  });

  it('ends the thread after the idle time, and starts a fresh one when next asked', async () => {
    const quick = new KeptThread<Work, Answer>(() => new Worker(ECHO, { eval: true }), 20);
    try {
      const first = await quick.run({ echo: 'one' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const second = await quick.run({ echo: 'two' });
      expect(second?.threadId).not.toBe(first?.threadId);
      expect(quick.started).toBe(2);
    } finally {
      await quick.close();
    }
  });
});
