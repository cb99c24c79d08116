import { HttpException, Injectable } from '@nestjs/common';

/**
 * A budget for the long reads (a whole match verified, exported, or its chain walked for a
 * checkpoint): one at a time per key, and a few at a time in all, so that one key asking again and
 * again for a 100,000-event verification cannot keep every core busy while the tables wait (issue
 * 12). They stream and yield, so each is harmless alone; it is their number that needs a bound. A key
 * over its budget is answered 429 at once, like a key over its rate limit, rather than queued.
 */
const LONG_WORK_PER_KEY = 1;
export const LONG_WORK_IN_ALL = 4;

@Injectable()
export class LongWorkBudget {
  private readonly running = new Map<string, number>();
  private total = 0;

  /** Takes one unit of the key's budget, or refuses with 429; call the returned release exactly once. */
  take(keyId: string, what: string): () => void {
    const mine = this.running.get(keyId) ?? 0;
    if (mine >= LONG_WORK_PER_KEY || this.total >= LONG_WORK_IN_ALL) {
      throw new HttpException(
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message:
            mine >= LONG_WORK_PER_KEY
              ? `${what}: this key already has a long read running (a verification, an export or a checkpoint); retry when it has finished`
              : `${what}: ${LONG_WORK_IN_ALL} long reads are running already; retry in a moment`,
        },
        429,
      );
    }
    this.running.set(keyId, mine + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.running.get(keyId) ?? 1) - 1;
      if (left <= 0) this.running.delete(keyId);
      else this.running.set(keyId, left);
    };
  }

  /** Runs `work` within the key's budget. */
  async run<T>(keyId: string, what: string, work: () => Promise<T>): Promise<T> {
    const release = this.take(keyId, what);
    try {
      return await work();
    } finally {
      release();
    }
  }
}
