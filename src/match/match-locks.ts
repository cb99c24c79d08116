import { Injectable } from '@nestjs/common';

/**
 * Commands on one match take turns within an instance: two at once would only conflict and decide
 * again. Different matches never wait for each other. (Across instances, the expected revision of
 * every append keeps them apart.)
 */
@Injectable()
export class MatchLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(matchId: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(matchId) ?? Promise.resolve();
    const result = before.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(matchId, tail);
    void tail.then(() => {
      if (this.tails.get(matchId) === tail) this.tails.delete(matchId);
    });
    return result;
  }
}
