import type { Worker } from 'node:worker_threads';
import type { JobAnswer, JobMessage, JobName } from './jobs.js';
import type { WorkerStart } from './worker-start.js';

/** The job failed in its worker: its error's message. The worker stays for the next job. */
export class WorkerJobError extends Error {
  override readonly name = 'WorkerJobError';
}

/** The worker running the job died (or could not start) before answering; the pool replaces it. */
export class WorkerLostError extends Error {
  override readonly name = 'WorkerLostError';
}

/** The asker gave up (its signal aborted), or the pool was closed, before the job answered. */
export class WorkerJobAbandonedError extends Error {
  override readonly name = 'WorkerJobAbandonedError';
}

interface Job {
  id: number;
  job: JobName;
  work: unknown;
  signal: AbortSignal | undefined;
  giveUp: () => void;
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * A bounded pool of worker threads, the one way the service and the CLI run work off their event
 * loop. At most `size` workers run at once, one job each; further jobs wait in order of asking.
 * Workers are started when needed and kept between jobs (a warm worker has the rules loaded), and
 * ended after `idleMs` with nothing to do. An idle worker never keeps the process alive; a busy one
 * does, so a CLI waiting on its answer does not exit under it.
 *
 * A job that throws fails alone (WorkerJobError). A worker that dies fails the job it was running
 * (WorkerLostError) and its place goes to a fresh worker for the next job. A job whose asker gives up
 * leaves the queue, or, if running, ends its worker, so that no work runs on for nobody. `close()`
 * fails every job left and ends every worker.
 */
export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Workers started so far. */
  started = 0;

  constructor(
    private readonly start: WorkerStart,
    readonly size: number,
    private readonly idleMs = 60_000,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError('a worker pool holds at least one worker');
  }

  /** Workers alive now, busy or idle. */
  get workers(): number {
    return this.slots.size;
  }

  /** Jobs waiting for a worker. */
  get waiting(): number {
    return this.queue.length;
  }

  /** The answer of `job` run on `work` (structured-cloned to the worker); rejects as the class says. */
  run<A>(job: JobName, work: unknown, signal?: AbortSignal): Promise<A> {
    if (this.closed) return Promise.reject(new WorkerJobAbandonedError('the worker pool is closed'));
    if (signal?.aborted) return Promise.reject(new WorkerJobAbandonedError('the job was given up'));
    return new Promise<A>((resolve, reject) => {
      const entry: Job = {
        id: this.nextId++,
        job,
        work,
        signal,
        giveUp: () => this.giveUp(entry),
        resolve: (answer) => resolve(answer as A),
        reject,
      };
      signal?.addEventListener('abort', entry.giveUp, { once: true });
      this.queue.push(entry);
      this.dispatch();
    });
  }

  /** Fails every job waiting or running and ends every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0))
      this.fail(job, new WorkerJobAbandonedError('the worker pool closed'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, 'the worker pool closed')));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((s) => s.job === undefined);
      if (!slot) {
        if (this.slots.size >= this.size) return;
        try {
          slot = this.open();
        } catch (error) {
          const job = this.queue.shift()!;
          this.fail(job, new WorkerLostError(`a worker could not start: ${messageOf(error)}`));
          continue;
        }
      }
      this.assign(slot, this.queue.shift()!);
    }
  }

  private open(): Slot {
    const worker = this.start();
    this.started += 1;
    const slot: Slot = { worker, job: undefined, idleTimer: undefined };
    this.slots.add(slot);
    worker.on('message', (message: JobAnswer) => {
      const job = slot.job;
      if (!job || message.id !== job.id) return;
      slot.job = undefined;
      this.settle(job);
      if (message.ok) job.resolve(message.answer);
      else job.reject(new WorkerJobError(message.error));
      this.rest(slot);
      this.dispatch();
    });
    worker.once('error', (error) => void this.retire(slot, `the worker failed: ${messageOf(error)}`));
    worker.once('exit', (code) => void this.retire(slot, `the worker exited (code ${code})`));
    return slot;
  }

  private assign(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    slot.worker.ref();
    try {
      slot.worker.postMessage({ id: job.id, job: job.job, work: job.work } satisfies JobMessage);
    } catch (error) {
      // The work could not be cloned: the job fails, the worker is untouched.
      slot.job = undefined;
      this.fail(job, new WorkerJobError(messageOf(error)));
      this.rest(slot);
    }
  }

  /** Between jobs: not keeping the process alive, and ended after the idle time. */
  private rest(slot: Slot): void {
    slot.worker.unref();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => void this.retire(slot, 'idle'), this.idleMs);
    slot.idleTimer.unref();
  }

  /** The worker leaves the pool (its job, if any, fails); the next queued job gets a fresh one. */
  private async retire(slot: Slot, why: string): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.idleTimer);
    const job = slot.job;
    slot.job = undefined;
    if (job) {
      this.fail(job, this.closed ? new WorkerJobAbandonedError(why) : new WorkerLostError(why));
    }
    const ended = slot.worker.terminate().catch(() => undefined);
    if (!this.closed) this.dispatch();
    await ended;
  }

  private giveUp(job: Job): void {
    const at = this.queue.indexOf(job);
    if (at >= 0) {
      this.queue.splice(at, 1);
      this.fail(job, new WorkerJobAbandonedError('the job was given up'));
      return;
    }
    const slot = [...this.slots].find((s) => s.job === job);
    if (!slot) return;
    slot.job = undefined;
    this.fail(job, new WorkerJobAbandonedError('the job was given up'));
    void this.retire(slot, 'its job was given up');
  }

  private fail(job: Job, error: Error): void {
    this.settle(job);
    job.reject(error);
  }

  private settle(job: Job): void {
    job.signal?.removeEventListener('abort', job.giveUp);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
