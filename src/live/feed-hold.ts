/**
 * What a delayed spectator's tournament feed holds back (UMPIRE_SPECTATOR_DELAY_EVENTS): each match's
 * last `delay` events, as that match's own feed does, until the match ends. The end of a match
 * releases that match's held events, and nothing of any other match; after its end a match's events
 * go out at once. The tournament's own events are not held.
 *
 * Messages therefore leave in an order of their own, not in position order (a held event goes out
 * when its match moves on, after later events of other matches). That order depends only on the
 * events and the delay, so every feed of the same reader computes the same one: see FeedResume.
 */
export class MatchByMatchHold<M> {
  private readonly held = new Map<string, M[]>();
  private readonly ended = new Set<string>();

  constructor(private readonly delay: number) {}

  /**
   * Takes the feed's next message (with the match it is an event of, if any) and answers the
   * messages to send now, in order.
   */
  take(message: M, match?: { matchId: string; ends: boolean }): M[] {
    if (!match || this.delay <= 0 || this.ended.has(match.matchId)) return [message];
    const queue = this.held.get(match.matchId) ?? [];
    queue.push(message);
    if (match.ends) {
      this.ended.add(match.matchId);
      this.held.delete(match.matchId);
      return queue;
    }
    this.held.set(match.matchId, queue);
    return queue.length > this.delay ? queue.splice(0, queue.length - this.delay) : [];
  }
}

/**
 * Where a reader that reconnects with a Last-Event-ID picks up a feed whose messages may leave out of
 * position order. The feed reads again from its first event, in the same order as before, and sends
 * nothing up to and including the message whose id the reader gave: that message, and everything sent
 * before it, the reader has. If no message has that id (an id the feed never sent, or a position
 * without a message), the id is taken as a position: messages after it are sent.
 */
export class FeedResume {
  private state: 'until' | 'after' | 'live';
  /** The event at lastSeen made a message: it is sent (perhaps after others) before the feed goes live. */
  private isMessage = false;

  constructor(private readonly lastSeen: number | undefined) {
    this.state = lastSeen === undefined ? 'live' : 'until';
  }

  /** The feed has read the event at `position`; `message` says whether it made a message. */
  read(position: number, message: boolean): void {
    if (this.state !== 'until' || this.lastSeen === undefined || this.isMessage) return;
    if (position === this.lastSeen && message) this.isMessage = true;
    else if (position >= this.lastSeen) this.state = 'after';
  }

  /** Whether the reader has the message at `position` already, as it is about to be sent. */
  has(position: number): boolean {
    if (this.state === 'live' || this.lastSeen === undefined) return false;
    if (this.state === 'after') return position <= this.lastSeen;
    if (position === this.lastSeen) this.state = 'live';
    return true;
  }
}
