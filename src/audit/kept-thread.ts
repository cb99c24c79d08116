import type { Worker } from 'node:worker_threads';
import type { WorkerStart } from './chain-thread.js';

/**
 * A worker thread kept between pieces of work, for the route's verifications: a fresh
 * thread runs the rules cold, and a 100,000-event verification's first run on one took about 3.4 s
 * against 1.9–2.5 s for the next ones on the same thread (compiled build, 2 cores). The thread does one
 * piece of work at a time, in order of asking; it is started when first needed, ended after `idleMs`
 * with nothing to do, and never keeps the process alive (unref). A piece whose asker gives up (its
 * signal aborts) or that the thread fails ends the thread, and the next piece starts a fresh one.
 *
 * The worker's side: each message `{ id, work }` is answered `{ id, answer }`, answer null when it
 * could not be made (store-verify-worker.ts).
 */
export interface KeptThreadMessage<W> {
  id: number;
  work: W;
}

export interface KeptThreadAnswer<A> {
  id: number;
  answer: A | null;
}

interface Piece<W, A> {
  id: number;
  work: W;
  signal: AbortSignal | undefined;
  resolve: (answer: A | undefined) => void;
}

export class KeptThread<W, A> {
  private worker: Worker | undefined;
  private readonly waiting: Piece<W, A>[] = [];
  private running: Piece<W, A> | undefined;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Threads started so far, for tests and the bench. */
  started = 0;

  constructor(
    private readonly start: WorkerStart,
    private readonly idleMs = 60_000,
  ) {}

  /** The answer to `work`, or undefined when the thread could not make it or the asker gave up. */
  run(work: W, signal?: AbortSignal): Promise<A | undefined> {
    if (signal?.aborted) return Promise.resolve(undefined);
    return new Promise<A | undefined>((resolve) => {
      const piece: Piece<W, A> = { id: this.nextId++, work, signal, resolve };
      signal?.addEventListener('abort', () => this.giveUp(piece), { once: true });
      this.waiting.push(piece);
      this.next();
    });
  }

  /** Ends the thread now; pieces waiting get undefined. */
  async close(): Promise<void> {
    for (const piece of this.waiting.splice(0)) piece.resolve(undefined);
    this.end(undefined);
  }

  private next(): void {
    if (this.running || this.waiting.length === 0) return;
    clearTimeout(this.idleTimer);
    const piece = this.waiting.shift()!;
    const worker = this.thread();
    if (!worker) {
      piece.resolve(undefined);
      this.next();
      return;
    }
    this.running = piece;
    worker.postMessage({ id: piece.id, work: piece.work } satisfies KeptThreadMessage<W>);
  }

  private thread(): Worker | undefined {
    if (this.worker) return this.worker;
    let worker: Worker;
    try {
      worker = this.start(undefined);
    } catch {
      return undefined;
    }
    this.started += 1;
    worker.unref();
    worker.on('message', (message: KeptThreadAnswer<A>) => {
      const piece = this.running;
      if (!piece || message.id !== piece.id) return;
      this.running = undefined;
      piece.resolve(message.answer ?? undefined);
      this.afterPiece();
    });
    // A thread that fails or ends mid-piece answers that piece undefined; the next starts afresh.
    const lost = (): void => {
      if (this.worker !== worker) return;
      this.end(undefined);
      this.next();
    };
    worker.once('error', lost);
    worker.once('exit', lost);
    this.worker = worker;
    return worker;
  }

  private afterPiece(): void {
    if (this.waiting.length > 0) {
      this.next();
      return;
    }
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.end(undefined), this.idleMs);
    this.idleTimer.unref();
  }

  /** The asker no longer wants the answer: a waiting piece leaves the queue; a running one ends the thread. */
  private giveUp(piece: Piece<W, A>): void {
    const at = this.waiting.indexOf(piece);
    if (at >= 0) {
      this.waiting.splice(at, 1);
      piece.resolve(undefined);
      return;
    }
    if (this.running === piece) {
      this.end(undefined);
      this.next();
    }
  }

  /** Ends the thread; the piece it was running, if any, gets `answer`. */
  private end(answer: A | undefined): void {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    const piece = this.running;
    this.worker = undefined;
    this.running = undefined;
    piece?.resolve(answer);
    if (worker) void worker.terminate().catch(() => undefined);
  }
}
