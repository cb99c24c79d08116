/**
 * Commands made at the table, kept on this device until the service has answered them: each with its
 * commandId, so that a command sent again after a dropped connection is the same command (the service
 * answers a repeated commandId with its first answer and appends nothing: never applied twice). Sent one
 * at a time, in the order they were made.
 */

export interface Refusal {
  message: string;
  ruleId?: string;
  status: number;
  /**
   * The events another device playing this side appended after the step was made, none of them by a
   * command sent from here: that device played first, and the step was made for a match now gone.
   */
  overtakenBy?: number[];
  /** Present when the step was never sent: the match as it is now showed it no longer makes sense. */
  notSent?: NotSent;
}

/**
 * Why a queued step was kept back. An undo request for a target that was asked since (from another
 * device of this side) and answered would ask the opponent the same question twice (C-5); a step the
 * match no longer offers after another device of this side played would only be refused.
 */
export type NotSent =
  | {
      kind: 'undo-answered';
      toRevision: unknown;
      answer: 'declined' | 'agreed';
      answeredBy: string;
      /** The request answered was sent from this device. */
      askedHere: boolean;
    }
  | { kind: 'no-longer-offered' };

export interface OutboxItem {
  commandId: string;
  route: string;
  body: Record<string, unknown>;
  /** What the player did, in words (the template's label). */
  label: string;
  /** The template's action and the choices' values, so that a picker can leave out what is taken. */
  action: string;
  state: 'pending' | 'refused';
  refusal?: Refusal;
  /** The revision of the match the page showed when the player made it. */
  madeAt?: number;
  /** Set once a send found no connection (or a busy service): the step has waited on this device. */
  waited?: boolean;
}

/**
 * The answer of one send: landed (or landed before) with the revisions of the events it appended,
 * refused for good, or to be tried again later.
 */
export type SendResult =
  | { kind: 'landed'; revisions?: readonly number[] }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'retry' };

/** How many of the latest revisions appended from here are remembered: far more than one turn holds. */
const SENT_HERE_KEPT = 500;

export interface OutboxStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export class Outbox {
  private items: OutboxItem[];
  /**
   * The revisions of the events that commands sent from here appended: the events view names no
   * commandId, so this device tells its own events from another device's of the same key by these.
   */
  private sentHere: number[];
  private flushing?: Promise<void>;
  private readonly listeners = new Set<(items: readonly OutboxItem[]) => void>();

  constructor(
    private readonly storage: OutboxStorage,
    private readonly storageKey: string,
    private readonly send: (item: OutboxItem, sentHere: ReadonlySet<number>) => Promise<SendResult>,
  ) {
    this.items = read(storage, storageKey);
    const kept = readList(storage, this.sentHereKey);
    this.sentHere = kept.filter((revision): revision is number => typeof revision === 'number');
  }

  private get sentHereKey(): string {
    return `${this.storageKey}.sent-here`;
  }

  list(): readonly OutboxItem[] {
    return this.items;
  }

  subscribe(listener: (items: readonly OutboxItem[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Kept first (so that a closed tab or a lost connection loses nothing), then sent. */
  add(item: Omit<OutboxItem, 'state'>): Promise<void> {
    this.items = [...this.items, { ...item, state: 'pending' }];
    this.changed();
    return this.flush();
  }

  /** A refused command, read and put aside by the player. */
  dismiss(commandId: string): void {
    this.items = this.items.filter((item) => item.commandId !== commandId || item.state !== 'refused');
    this.changed();
  }

  /** Sends every pending command in order; stops at the first that cannot be sent now. One run at a time. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    // Cleared once the run ends; a run that finds nothing ends before it is even kept, so the
    // clearing waits for a microtask rather than racing the assignment.
    const run = (async () => {
      await Promise.resolve();
      try {
        for (;;) {
          const next = this.items.find((item) => item.state === 'pending');
          if (!next) return;
          const result = await this.send(next, new Set(this.sentHere));
          if (result.kind === 'retry') {
            if (!next.waited) {
              this.items = this.items.map((item) =>
                item.commandId === next.commandId ? { ...item, waited: true } : item,
              );
              this.changed();
            }
            return;
          }
          if (result.kind === 'landed') {
            this.sentHere = [...this.sentHere, ...(result.revisions ?? [])].slice(-SENT_HERE_KEPT);
            this.storage.setItem(this.sentHereKey, JSON.stringify(this.sentHere));
          }
          this.items =
            result.kind === 'landed'
              ? this.items.filter((item) => item.commandId !== next.commandId)
              : this.items.map((item) =>
                  item.commandId === next.commandId
                    ? { ...item, state: 'refused', refusal: result.refusal }
                    : item,
                );
          this.changed();
        }
      } finally {
        this.flushing = undefined;
      }
    })();
    this.flushing = run;
    return run;
  }

  private changed(): void {
    this.storage.setItem(this.storageKey, JSON.stringify(this.items));
    for (const listener of this.listeners) listener(this.items);
  }
}

function read(storage: OutboxStorage, key: string): OutboxItem[] {
  return readList(storage, key) as OutboxItem[];
}

function readList(storage: OutboxStorage, key: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? (parsed as unknown[]) : [];
  } catch {
    return [];
  }
}

/**
 * How a service answer counts: 2xx landed; a refusal by the rules or by validation (4xx) is final and
 * shown; no answer (offline), a rate limit, a busy store or a server error is tried again later. A
 * key the service no longer takes (401) waits too, for the player to join the seat again.
 */
export async function sendOver(fetcher: typeof fetch, token: string, item: OutboxItem): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetcher(item.route, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, application/problem+json',
        // The page follows the match on its feed: the command's answer need not repeat the contract.
        prefer: 'return=minimal',
      },
      body: JSON.stringify(item.body),
    });
  } catch {
    return { kind: 'retry' };
  }
  if (response.ok) return { kind: 'landed', revisions: await revisionsOf(response) };
  if (response.status === 401 || response.status === 408 || response.status === 429 || response.status >= 500)
    return { kind: 'retry' };
  let detail = `the service answered ${response.status}`;
  let ruleId: string | undefined;
  try {
    const problem = (await response.json()) as { detail?: unknown; message?: unknown; ruleId?: unknown };
    const said = problem.detail ?? problem.message;
    if (typeof said === 'string') detail = said;
    else if (Array.isArray(said)) detail = said.join('; ');
    if (typeof problem.ruleId === 'string') ruleId = problem.ruleId;
  } catch {
    // Not JSON: the status says what there is to say.
  }
  return {
    kind: 'refused',
    refusal: { message: detail, status: response.status, ...(ruleId ? { ruleId } : {}) },
  };
}

/** The revisions of the events a command's answer says it appended (none when it says nothing). */
async function revisionsOf(response: Response): Promise<number[]> {
  try {
    const answer = (await response.json()) as { events?: unknown };
    if (!Array.isArray(answer.events)) return [];
    return answer.events
      .map((event: unknown) => (event as { revision?: unknown } | null)?.revision)
      .filter((revision): revision is number => typeof revision === 'number');
  } catch {
    return [];
  }
}

/**
 * The body with each fresh id (a template's `freshIds`: a new unit's, a new charge's) that a command still
 * waiting here already holds at the same field replaced by the next one free of them: the service picked
 * it fresh for the state it knew, and a second command made before the first is answered would repeat it.
 */
export function withFreshIds(
  body: Record<string, unknown>,
  freshIds: readonly string[] | undefined,
  waiting: readonly OutboxItem[],
): Record<string, unknown> {
  if (!freshIds || freshIds.length === 0) return body;
  const out = { ...body };
  for (const field of freshIds) {
    const given = out[field];
    if (typeof given !== 'string') continue;
    const held = new Set(waiting.filter((item) => item.state === 'pending').map((item) => item.body[field]));
    if (!held.has(given)) continue;
    const [, stem = given, digits] = /^(.*?)(\d+)$/.exec(given) ?? [];
    let n = digits === undefined ? 1 : Number(digits);
    let next = given;
    while (held.has(next)) next = `${digits === undefined ? `${stem}-` : stem}${++n}`;
    out[field] = next;
  }
  return out;
}
