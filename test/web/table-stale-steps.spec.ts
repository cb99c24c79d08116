import { Outbox, type OutboxItem } from '../../web/table/outbox.js';
import { overtakenWords, sendChecked, type SeenEvent } from '../../web/table/stale-steps.js';
import type { LogEntry } from '../../web/shared/match-view.js';

class MemoryStorage {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A service holding one match's events: GET …/events?from= answers those from that revision on, GET
 * the match answers `contract`, a POST answers what `answer` says (and is counted).
 */
function service(events: SeenEvent[], answer: (url: string) => Response, contract: object = {}) {
  const posted: string[] = [];
  const fetcher = (async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posted.push(url);
      return answer(url);
    }
    const from = /[?&]from=(\d+)/.exec(url);
    if (url.includes('/events'))
      return json(200, { events: events.filter((event) => event.revision >= Number(from?.[1] ?? 1)) });
    return json(200, { matchId: 'm', revision: events.length, state: {}, ...contract });
  }) as typeof fetch;
  return { fetcher, posted };
}

const seat = (fetcher: typeof fetch, shown = 0) => ({
  fetcher,
  token: 'umpire_k_s',
  matchId: 'm',
  side: 'A',
  shown: () => shown,
});

const byA = { role: 'player', side: 'A' };
const byB = { role: 'player', side: 'B' };

const undoRequest = (madeAt: number, toRevision: number): OutboxItem => ({
  commandId: 'undo-from-the-second-phone',
  route: '/matches/m/undo-requests',
  body: { commandId: 'undo-from-the-second-phone', toRevision, reason: 'wrong unit' },
  label: 'Ask to undo',
  action: 'undo-request',
  state: 'pending',
  madeAt,
  waited: true,
});

describe('table page: steps made for a match that moved on', () => {
  it('C-5 an undo request kept offline is not sent when the same request was asked since (from another device of the side) and declined', async () => {
    const { fetcher, posted } = service(
      [
        {
          revision: 7,
          type: 'UndoRequested',
          data: { requestId: 'u1', toRevision: 6, side: 'A' },
          actor: byA,
        },
        { revision: 8, type: 'UndoDeclined', data: { requestId: 'u1', side: 'B' }, actor: byB },
      ],
      () => json(201, { events: [{ revision: 9 }] }),
    );
    const result = await sendChecked(seat(fetcher, 8), undoRequest(6, 6), new Set());
    expect(posted).toEqual([]);
    expect(result).toEqual({
      kind: 'refused',
      refusal: expect.objectContaining({
        notSent: {
          kind: 'undo-answered',
          toRevision: 6,
          answer: 'declined',
          answeredBy: 'B',
          askedHere: false,
        },
      }),
    });
    const entries = [
      { revision: 6, sentence: 'Turn 1: the Impi made contact with the NNC’s front.' },
    ] as LogEntry[];
    const name = (side: string) => (side === 'A' ? 'Zulus' : 'British');
    expect(overtakenWords(result.kind === 'refused' ? result.refusal : undefined, entries, name, 'A')).toBe(
      'British already declined undoing back to event 6 (Turn 1: the Impi made contact with the NNC’s front). The same request was asked from another device playing Zulus.',
    );
  });

  it('C-5 an undo request to another event, or one answered before it was made, is sent while the match offers it', async () => {
    const events: SeenEvent[] = [
      { revision: 7, type: 'UndoRequested', data: { requestId: 'u1', toRevision: 5, side: 'A' }, actor: byA },
      { revision: 8, type: 'UndoDeclined', data: { requestId: 'u1', side: 'B' }, actor: byB },
    ];
    const offered = {
      available: [
        {
          action: 'undo-request',
          label: 'Ask to undo',
          command: 'RequestUndo',
          side: 'A',
          method: 'POST',
          route: '/matches/m/undo-requests',
          body: {},
          choices: [],
          ruleId: 'C-5',
        },
      ],
    };
    const other = service(events, () => json(201, { events: [{ revision: 9 }] }), offered);
    expect(await sendChecked(seat(other.fetcher, 8), undoRequest(6, 6), new Set())).toEqual({
      kind: 'landed',
      revisions: [9],
    });
    const later = service(events, () => json(201, { events: [{ revision: 9 }] }), offered);
    expect((await sendChecked(seat(later.fetcher, 8), undoRequest(8, 5), new Set())).kind).toBe('landed');
    expect([...other.posted, ...later.posted]).toHaveLength(2);
    // Once the match no longer offers it after another device of the side played, it is kept back.
    const gone = service(events, () => json(201, { events: [{ revision: 9 }] }));
    expect(await sendChecked(seat(gone.fetcher, 8), undoRequest(6, 6), new Set())).toEqual({
      kind: 'refused',
      refusal: expect.objectContaining({ notSent: { kind: 'no-longer-offered' }, overtakenBy: [7] }),
    });
    expect(gone.posted).toEqual([]);
    // Said under the step's "not sent" badge: why, once, and never "not sent" again.
    const entries = [{ revision: 7, sentence: 'Turn 1: the Impi charged the NNC.' }] as LogEntry[];
    const refusal = await sendChecked(seat(gone.fetcher, 8), undoRequest(6, 6), new Set());
    expect(
      overtakenWords(refusal.kind === 'refused' ? refusal.refusal : undefined, entries, () => 'Zulus', 'A'),
    ).toBe(
      'Another device playing Zulus sent a step first: Turn 1: the Impi charged the NNC. The match no longer offers your step. This page now shows the match as it stands.',
    );
  });

  it('C-6 a refusal after another device of the side played names its events; events this device appended are not another device’s', async () => {
    const events: SeenEvent[] = [
      { revision: 5, type: 'ImpactRolled', data: {}, actor: byA },
      { revision: 6, type: 'MoraleTested', data: {}, actor: byB },
    ];
    const refused = () =>
      json(409, {
        status: 409,
        detail: 'HH-8: the match is waiting for the melee morale test of NNC',
        ruleId: 'HH-8',
      });
    const roll: OutboxItem = {
      commandId: 'roll',
      route: '/matches/m/impact-rolls',
      body: { commandId: 'roll', chargeId: 'c1', dice: [5] },
      label: 'Roll the impact',
      action: 'impact-roll',
      state: 'pending',
      madeAt: 4,
    };
    const raced = service(events, refused);
    const result = await sendChecked(seat(raced.fetcher, 4), roll, new Set());
    expect(result).toEqual({
      kind: 'refused',
      refusal: {
        status: 409,
        message: 'HH-8: the match is waiting for the melee morale test of NNC',
        ruleId: 'HH-8',
        overtakenBy: [5],
      },
    });
    const entries = [
      { revision: 5, sentence: 'Turn 1: the Impi’s impact on the NNC: 1D6 3 +1 charge = 4.' },
    ] as LogEntry[];
    expect(
      overtakenWords(result.kind === 'refused' ? result.refusal : undefined, entries, () => 'Zulus', 'A'),
    ).toBe(
      'Another device playing Zulus sent a step first: Turn 1: the Impi’s impact on the NNC: 1D6 3 +1 charge = 4. This page now shows the match as it stands.',
    );
    const own = service(events, refused);
    expect(await sendChecked(seat(own.fetcher, 4), roll, new Set([5]))).toEqual({
      kind: 'refused',
      refusal: {
        status: 409,
        message: 'HH-8: the match is waiting for the melee morale test of NNC',
        ruleId: 'HH-8',
      },
    });
  });

  it('C-6 the outbox remembers the revisions its own commands appended, across a reload', async () => {
    const storage = new MemoryStorage();
    const seen: number[][] = [];
    const outbox = new Outbox(storage, 'k', async (_item, sentHere) => {
      seen.push([...sentHere]);
      return { kind: 'landed', revisions: [seen.length + 3] };
    });
    const step = (commandId: string) => ({
      commandId,
      route: '/matches/m/disputes',
      body: { commandId },
      label: commandId,
      action: 'dispute',
    });
    await outbox.add(step('one'));
    await outbox.add(step('two'));
    expect(seen).toEqual([[], [4]]);
    const again = new Outbox(storage, 'k', async (_item, sentHere) => {
      seen.push([...sentHere]);
      return { kind: 'landed', revisions: [] };
    });
    await again.add(step('three'));
    expect(seen.at(-1)).toEqual([4, 5]);
  });

  it('a step kept offline is kept waiting, not refused, while the match cannot be read', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await sendChecked(seat(offline, 8), undoRequest(6, 6), new Set())).toEqual({ kind: 'retry' });
  });
});
