import { FeedResume, MatchByMatchHold } from '../../src/live/feed-hold.js';

interface Message {
  position: number;
  matchId?: string;
  ends?: boolean;
}

/**
 * A tournament feed as LiveFeeds runs it: every event read in position order (`null` for an event
 * that is not the tournament's), held match by match, sent unless the reader has it already.
 */
function feed(events: (Message | null)[], delay: number, lastSeen?: number): number[] {
  const hold = new MatchByMatchHold<Message>(delay);
  const resume = new FeedResume(lastSeen);
  const sent: number[] = [];
  events.forEach((message, i) => {
    const position = i + 1;
    resume.read(position, message !== null);
    if (!message) return;
    const match = message.matchId ? { matchId: message.matchId, ends: message.ends ?? false } : undefined;
    for (const next of hold.take(message, match)) if (!resume.has(next.position)) sent.push(next.position);
  });
  return sent;
}

/** Positions 1…n: the tournament's own events, three matches interleaved, an unrelated event or two. */
function tournament(): (Message | null)[] {
  const plan: (string | null)[] = ['own', 'own', 'a', 'own', 'b', 'a', null, 'b', 'c', 'a', 'b', 'own'];
  plan.push('c', 'a', 'b', 'a:end', 'b', 'c', null, 'b', 'c', 'b:end', 'c', 'a', 'c', 'c:end', 'own');
  return plan.map((step, i) => {
    if (step === null) return null;
    if (step === 'own') return { position: i + 1 };
    const [matchId, end] = step.split(':');
    return { position: i + 1, matchId, ends: end === 'end' };
  });
}

describe('a delayed tournament feed', () => {
  it('holds each match its own number of events behind; an end releases that match only', () => {
    const events: (Message | null)[] = [
      { position: 1 },
      { position: 2, matchId: 'a' },
      { position: 3, matchId: 'b' },
      { position: 4, matchId: 'a' },
      { position: 5, matchId: 'b' },
      { position: 6, matchId: 'a' },
      { position: 7, matchId: 'b', ends: true },
      { position: 8, matchId: 'b' },
    ];
    // a: 2 is released by 6 (two held behind it); b: 3 and 5 wait for b's end at 7; 8 comes after it.
    expect(feed(events, 2)).toEqual([1, 2, 3, 5, 7, 8]);
    expect(feed(events, 0)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('a reader resuming after any message it had gets every later one once, in the same order', () => {
    const events = tournament();
    for (const delay of [1, 2, 3]) {
      const whole = feed(events, delay);
      expect([...whole].sort((x, y) => x - y)).toEqual(events.flatMap((m) => (m ? [m.position] : [])));
      whole.forEach((lastSeen, i) => {
        expect([delay, lastSeen, feed(events, delay, lastSeen)]).toEqual([
          delay,
          lastSeen,
          whole.slice(i + 1),
        ]);
      });
    }
  });

  it('an id that is no message of the feed is taken as a position: the messages after it are sent', () => {
    const events = tournament();
    const whole = feed(events, 2);
    // Position 7 is an event of no match of the tournament.
    expect(feed(events, 2, 7)).toEqual(whole.filter((p) => p > 7));
    // A position past the end: nothing until the feed reaches it.
    expect(feed(events, 2, 1000)).toEqual([]);
  });
});
