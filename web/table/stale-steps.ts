/**
 * Steps made on this device for a match that moved on without it. Two devices may play one side (two
 * phones holding the seat's key, or a step kept while offline): the other may have played first. Told
 * from the facts the service gives, never guessed: the events appended since the step was made, who
 * sent them (the actor's side), and which of them commands sent from here appended.
 */
import { type CommandTemplate, type ContractAnswer, templatesFor } from '../shared/contract.js';
import { sentenceOf } from '../shared/event-labels.js';
import type { LogEntry } from '../shared/match-view.js';
import { type NotSent, type OutboxItem, type Refusal, type SendResult, sendOver } from './outbox.js';

/** An event as `GET /matches/:id/events` gives it: the parts read here. */
export interface SeenEvent {
  revision: number;
  type: string;
  data: Record<string, unknown>;
  actor: { role: string; side?: string };
}

/** The match-level action of asking the opponent to undo (C-5), the same in every ruleset. */
const UNDO_REQUEST = 'undo-request';

/**
 * The events another device playing `side` appended: sent by a player of this side, and appended by
 * no command sent from this device.
 */
export function fromOtherDevices(
  events: readonly SeenEvent[],
  side: string,
  sentHere: ReadonlySet<number>,
): number[] {
  return events
    .filter((event) => event.actor.role === 'player' && event.actor.side === side)
    .filter((event) => !sentHere.has(event.revision))
    .map((event) => event.revision);
}

/**
 * C-5: an undo request this side made (from any device) among `events`, back to `toRevision`, that the
 * opponent has answered since: asking it again would put the same question to them twice.
 */
export function undoAnswered(
  events: readonly SeenEvent[],
  side: string,
  toRevision: unknown,
  sentHere: ReadonlySet<number>,
): Extract<NotSent, { kind: 'undo-answered' }> | undefined {
  for (const asked of events) {
    if (asked.type !== 'UndoRequested' || asked.data.side !== side || asked.data.toRevision !== toRevision)
      continue;
    const answer = events.find(
      (event) =>
        event.revision > asked.revision &&
        (event.type === 'UndoDeclined' || event.type === 'UndoAgreed') &&
        event.data.requestId === asked.data.requestId,
    );
    if (answer)
      return {
        kind: 'undo-answered',
        toRevision,
        answer: answer.type === 'UndoDeclined' ? 'declined' : 'agreed',
        answeredBy: String(answer.data.side ?? answer.actor.side ?? ''),
        askedHere: sentHere.has(asked.revision),
      };
  }
  return undefined;
}

/**
 * Whether the match still offers this side a step like the item: a template at its route, of its
 * action, whose known fields (but the fresh ids, which this device may have changed) it still holds.
 */
export function stillOffered(item: OutboxItem, match: ContractAnswer, side: string): boolean {
  const { mustDo, mayDo } = templatesFor(match, side);
  const fits = (template: CommandTemplate) =>
    template.route === item.route &&
    template.action === item.action &&
    Object.entries(template.body)
      .filter(([key]) => !(template.freshIds ?? []).includes(key))
      .every(([key, value]) => JSON.stringify(item.body[key]) === JSON.stringify(value));
  return [...mustDo, ...mayDo].some(fits);
}

export interface SendingSeat {
  fetcher: typeof fetch;
  token: string;
  matchId: string;
  side: string;
  /** The revision the page shows now. */
  shown: () => number;
}

/** No answer at all: the connection is gone, and the step waits for it. */
class NoConnection extends Error {}

async function read<T>(seat: SendingSeat, path: string): Promise<T | undefined> {
  let response: Response;
  try {
    response = await seat.fetcher(path, {
      headers: { authorization: `Bearer ${seat.token}`, accept: 'application/json' },
    });
  } catch {
    throw new NoConnection();
  }
  if (!response.ok) return undefined;
  try {
    return (await response.json()) as T;
  } catch {
    return undefined;
  }
}

const matchPath = (seat: SendingSeat) => `/matches/${encodeURIComponent(seat.matchId)}`;

/** The events appended after `revision` (one page: far more than a turn holds), or nothing if unread. */
async function eventsAfter(seat: SendingSeat, revision: number): Promise<SeenEvent[] | undefined> {
  const page = await read<{ events?: SeenEvent[] }>(
    seat,
    `${matchPath(seat)}/events?from=${revision + 1}&limit=500`,
  );
  return Array.isArray(page?.events) ? page.events : undefined;
}

/**
 * Why a step that waited should not be sent now, from the match as it is now; nothing when it still
 * makes sense (or the match could not be read: then the service judges it, as ever).
 */
async function keptBack(
  seat: SendingSeat,
  item: OutboxItem,
  sentHere: ReadonlySet<number>,
): Promise<Refusal | undefined> {
  const madeAt = item.madeAt!;
  const events = await eventsAfter(seat, madeAt);
  if (!events || events.length === 0) return undefined;
  if (item.action === UNDO_REQUEST) {
    const answered = undoAnswered(events, seat.side, item.body.toRevision, sentHere);
    if (answered) return { status: 0, message: 'not sent', notSent: answered };
  }
  const others = fromOtherDevices(events, seat.side, sentHere);
  if (others.length === 0) return undefined;
  const match = await read<ContractAnswer>(seat, matchPath(seat));
  if (!match || stillOffered(item, match, seat.side)) return undefined;
  return { status: 0, message: 'not sent', notSent: { kind: 'no-longer-offered' }, overtakenBy: others };
}

/**
 * Sends one step from the outbox. A step that waited on this device (offline, or made for a revision
 * the page has since moved past) is first checked against the match as it is now, and kept back if it
 * no longer makes sense. A step refused as not now (409) or never (422) is told apart from an ordinary
 * refusal when another device playing this side appended events after the step was made.
 */
export async function sendChecked(
  seat: SendingSeat,
  item: OutboxItem,
  sentHere: ReadonlySet<number>,
): Promise<SendResult> {
  const madeAt = item.madeAt;
  try {
    if (madeAt !== undefined && (item.waited || seat.shown() > madeAt)) {
      const refusal = await keptBack(seat, item, sentHere);
      if (refusal) return { kind: 'refused', refusal };
    }
    const result = await sendOver(seat.fetcher, seat.token, item);
    if (result.kind !== 'refused' || madeAt === undefined) return result;
    if (result.refusal.status !== 409 && result.refusal.status !== 422) return result;
    // The refusal stands whatever comes of reading what happened since: it is never sent again for that.
    const since = await eventsAfter(seat, madeAt).catch(() => undefined);
    const others = fromOtherDevices(since ?? [], seat.side, sentHere);
    return others.length === 0 ? result : { ...result, refusal: { ...result.refusal, overtakenBy: others } };
  } catch (error) {
    if (error instanceof NoConnection) return { kind: 'retry' };
    throw error;
  }
}

/** "Turn 2: the Impi charged the NNC", or "event 7" when the page holds no line for it. */
const said = (entries: readonly LogEntry[], revision: number) =>
  sentenceOf(entries, revision) ?? `event ${revision}`;

/** At most this many of the other device's events are said; the rest are counted. */
const SAID_AT_MOST = 3;

/**
 * A step kept back or overtaken, in a player's words: what the other device did (from the turn log),
 * and that the page shows the match as it stands now. Nothing for an ordinary refusal. Said under the
 * step's "not sent" or "refused" badge and its name, so it says why, never again that it was not sent.
 */
export function overtakenWords(
  refusal: Refusal | undefined,
  entries: readonly LogEntry[],
  sideName: (side: string) => string,
  side: string,
): string | undefined {
  if (!refusal) return undefined;
  const notSent = refusal.notSent;
  if (notSent?.kind === 'undo-answered') {
    const back = said(entries, Number(notSent.toRevision));
    const answer =
      notSent.answer === 'declined'
        ? `already declined undoing back to event ${notSent.toRevision} (${back})`
        : `already agreed to undo back to event ${notSent.toRevision} (${back}), and it was undone`;
    const where = notSent.askedHere
      ? ''
      : ` The same request was asked from another device playing ${sideName(side)}.`;
    return `${sideName(notSent.answeredBy)} ${answer}.${where}`;
  }
  const others = refusal.overtakenBy ?? [];
  if (others.length === 0) return undefined;
  const lines = others.slice(0, SAID_AT_MOST).map((revision) => `${said(entries, revision)}.`);
  const more = others.length - SAID_AT_MOST;
  const what = `${lines.join(' ')}${more > 0 ? ` And ${more} more ${more === 1 ? 'step' : 'steps'}.` : ''}`;
  const first = `Another device playing ${sideName(side)} sent a step first: ${what}`;
  return notSent?.kind === 'no-longer-offered'
    ? `${first} The match no longer offers your step. This page now shows the match as it stands.`
    : `${first} This page now shows the match as it stands.`;
}
