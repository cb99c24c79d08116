import {
  type CommandAnswer,
  createUmpireClient,
  fillTemplate,
  isProblem,
  type MatchFeedEvent,
  newCommandId,
  nextStep,
  ok,
  playUntilSettled,
  UmpireProblem,
  type UmpireClient,
} from '../../clients/typescript/src/index.js';
import { startTestApp, type TestApp } from '../e2e/support/test-app.js';
import { ORGANISER_KEY } from '../e2e/support/umpire-client.js';

/**
 * The typed client (clients/typescript) against the real service over real HTTP: everything below
 * goes through the client only, as an integration would use it.
 */
describe('the typed client against the real service', () => {
  let t: TestApp;
  let organiser: UmpireClient;
  beforeAll(async () => {
    t = await startTestApp();
    organiser = createUmpireClient({ baseUrl: t.url, key: ORGANISER_KEY });
  });
  afterAll(async () => t.close());

  interface Table {
    matchId: string;
    A: UmpireClient;
    B: UmpireClient;
    judge: UmpireClient;
    spectator: UmpireClient;
  }

  async function tokenFor(grant: {
    role: 'judge' | 'player' | 'spectator';
    matchId?: string;
    side?: 'A' | 'B';
  }): Promise<string> {
    return ok(await organiser.POST('/keys', { body: { commandId: newCommandId(), ...grant } })).token;
  }

  async function keyFor(grant: Parameters<typeof tokenFor>[0]): Promise<UmpireClient> {
    return createUmpireClient({ baseUrl: t.url, key: await tokenFor(grant) });
  }

  async function openTable(matchId: string, ruleset: 'hand-to-hand' | 'atomic-africa'): Promise<Table> {
    const created = ok(
      await organiser.POST('/matches', {
        body: {
          commandId: newCommandId(),
          matchId,
          ruleset,
          sides: { A: 'Zulus', B: 'British' },
          diceMode: 'table',
        },
      }),
    );
    expect(created).toMatchObject({ matchId, revision: 1, ended: false, awaiting: [] });
    return {
      matchId,
      A: await keyFor({ role: 'player', matchId, side: 'A' }),
      B: await keyFor({ role: 'player', matchId, side: 'B' }),
      judge: await keyFor({ role: 'judge' }),
      spectator: await keyFor({ role: 'spectator' }),
    };
  }

  const id = (table: Table) => ({ params: { path: { id: table.matchId } } });

  /**
   * The faces a player rolls at the table, by the rule that rolls them, read from the template alone:
   * 6 on the impact (HH-7: +1 for the charge, 7 on morale 7), 6 and 5 on the defender's morale test (HH-8:
   * failed by 11, a Rout, HH-14); low faces elsewhere. Exactly as many as the template asks for.
   */
  function tableFaces(template: { dice?: { count: number; ruleId: string } }): number[] {
    const count = template.dice?.count ?? 0;
    const wanted: Record<string, number[]> = { 'HH-7': [6], 'HH-8': [6, 5] };
    return (wanted[template.dice?.ruleId ?? ''] ?? [1, 2, 1, 2]).slice(0, count);
  }

  /** Plays the whole hand-to-hand match: units, a charge followed through `awaiting`, the end. */
  async function playHandToHand(table: Table): Promise<{ steps: string[]; last: CommandAnswer }> {
    for (const [unitId, side, morale] of [
      ['impi', 'A', 8],
      ['nnc', 'B', 7],
    ] as const) {
      ok(
        await organiser.POST('/matches/{id}/units', {
          ...id(table),
          body: { commandId: newCommandId(), unitId, name: unitId, side, morale, move: 6 },
        }),
      );
    }
    const charged = ok(
      await table.A.POST('/matches/{id}/charges', {
        ...id(table),
        body: {
          commandId: newCommandId(),
          chargeId: 'c1',
          attackerId: 'impi',
          defenderId: 'nnc',
          aspect: 'front',
          slope: 'level',
          dice: [1, 2],
        },
      }),
    );
    const steps: string[] = [];
    const settled = await playUntilSettled(charged, {
      seats: { A: table.A, B: table.B },
      fromSide: 'A',
      faces: tableFaces,
      onStep: (step) => steps.push(`${step.side} ${step.command}`),
    });
    expect(settled.events.map((event) => event.type)).toContain('UnitRemoved');
    ok(await table.A.POST('/matches/{id}/end-turn', { ...id(table), body: { commandId: newCommandId() } }));
    const last = ok(
      await table.judge.POST('/matches/{id}/end', {
        ...id(table),
        body: { commandId: newCommandId(), winner: 'A', note: 'the NNC routed' },
      }),
    );
    return { steps, last };
  }

  it('C-5 an undo asked for and agreed to from the available templates alone, with no knowledge of the commands', async () => {
    const table = await openTable('client-templates', 'hand-to-hand');
    for (const [unitId, side] of [
      ['impi', 'A'],
      ['nnc', 'B'],
    ] as const) {
      ok(
        await organiser.POST('/matches/{id}/units', {
          ...id(table),
          body: { commandId: newCommandId(), unitId, name: unitId, side, morale: 8, move: 6 },
        }),
      );
    }
    const seenByA = ok(await table.A.GET('/matches/{id}', id(table)));
    const undo = seenByA.available.find(
      (template) => template.action === 'undo-request' && template.side === 'A',
    );
    expect(undo).toBeDefined();
    // The default filling takes the first allowed target: the latest event still within reach.
    const asked = await table.A.playAwaited(undo!, fillTemplate(undo!));
    const answer = asked.available.find((template) => template.action === 'undo-answer');
    expect(answer).toMatchObject({ side: 'B', method: 'POST' });
    const agreed = await table.B.playAwaited(answer!, fillTemplate(answer!));
    expect(agreed.events.map((event) => event.type)).toEqual(['UndoAgreed', 'ActionsReverted']);
  });

  it('hand-to-hand: a whole match played by following awaiting, to ended: true', async () => {
    const table = await openTable('client-hh', 'hand-to-hand');
    const { steps, last } = await playHandToHand(table);
    expect(steps).toEqual(['A RollImpact', 'B TakeMoraleTest']);
    expect(last).toMatchObject({ ended: true, awaiting: [], result: { winner: 'A', winnerName: 'Zulus' } });

    const seen = ok(await table.B.GET('/matches/{id}', id(table)));
    expect(seen).toMatchObject({ matchId: 'client-hh', ended: true, ruleset: { id: 'hand-to-hand' } });
    expect(nextStep(seen)).toBeUndefined();
    const roster = ok(await table.spectator.GET('/matches/{id}/roster', id(table)));
    expect(roster.revision).toBe(seen.revision);
  });

  it('atomic-africa: a whole match, its close combat followed through awaiting, to ended: true', async () => {
    const table = await openTable('client-aa', 'atomic-africa');
    for (const [unitId, side] of [
      ['a1', 'A'],
      ['b1', 'B'],
    ] as const) {
      ok(
        await organiser.POST('/matches/{id}/units', {
          ...id(table),
          body: {
            commandId: newCommandId(),
            unitId,
            name: unitId,
            side,
            unitType: 'infantry',
            movement: 6,
            firepower: 2,
          },
        }),
      );
    }
    // Infantry in contact at the end of turn 1 begin turn 2 in close combat (AA-3).
    ok(
      await table.A.POST('/matches/{id}/contacts', {
        ...id(table),
        body: { commandId: newCommandId(), unitId: 'a1', enemyId: 'b1' },
      }),
    );
    ok(await table.A.POST('/matches/{id}/end-turn', { ...id(table), body: { commandId: newCommandId() } }));
    for (const [seat, unitId, card] of [
      [table.A, 'a1', { rank: '5', suit: 'hearts' }],
      [table.B, 'b1', { rank: '9', suit: 'clubs' }],
    ] as const) {
      ok(
        await seat.POST('/matches/{id}/orders', {
          ...id(table),
          body: { commandId: newCommandId(), unitId, turn: 2, card },
        }),
      );
    }
    const declared = ok(
      await table.B.POST('/matches/{id}/intents', {
        ...id(table),
        body: { commandId: newCommandId(), unitId: 'b1', intent: 'fight' },
      }),
    );
    const steps: string[] = [];
    const settled = await playUntilSettled(declared, {
      seats: { A: table.A, B: table.B },
      fromSide: 'B',
      // Each step's body from its template alone: the player fights when asked to choose.
      choose: (choice) => (choice.path === 'intent' ? 'fight' : undefined),
      faces: tableFaces,
      onStep: (step) => steps.push(`${step.side} ${step.step}`),
    });
    expect(steps).toEqual([
      'A intents',
      'B reveals',
      'A reveals',
      'B close-combat-attacks',
      'A close-combat-attacks',
    ]);
    expect(settled.events.map((event) => event.type)).toContain('CloseCombatEnded');
    ok(await table.B.POST('/matches/{id}/end-turn', { ...id(table), body: { commandId: newCommandId() } }));
    const ended = ok(
      await organiser.POST('/matches/{id}/end', {
        ...id(table),
        body: { commandId: newCommandId(), winner: 'draw', note: 'both held' },
      }),
    );
    expect(ended).toMatchObject({ ended: true, awaiting: [], result: { winner: null } });
    expect(nextStep(ended)).toBeUndefined();
  });

  it('HH-1 a refusal is typed problem+json naming its rule; bad input names its field; nothing changes', async () => {
    const table = await openTable('client-refusals', 'hand-to-hand');
    const unit = { unitId: 'u', name: 'u', side: 'A', morale: 11, move: 6 } as const;
    const refused = await organiser.POST('/matches/{id}/units', {
      ...id(table),
      body: { commandId: newCommandId(), ...unit },
    });
    expect(refused.response.status).toBe(422);
    expect(refused.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.data).toBeUndefined();
    expect(isProblem(refused.error)).toBe(true);
    expect(refused.error).toMatchObject({
      type: 'urn:umpire:problem:rule-violation',
      status: 422,
      ruleId: 'HH-1',
      detail: expect.stringMatching(/^HH-1: /),
    });

    // ok() throws the same details as an UmpireProblem.
    const thrown: unknown = await organiser
      .POST('/matches/{id}/units', { ...id(table), body: { commandId: newCommandId(), ...unit } })
      .then(ok)
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(UmpireProblem);
    expect(thrown).toMatchObject({
      status: 422,
      ruleId: 'HH-1',
      problem: { type: 'urn:umpire:problem:rule-violation' },
    });

    // Bad input names the field at fault.
    const tooMany = await organiser.GET('/matches', { params: { query: { limit: 1000 } } });
    expect(tooMany.response.status).toBe(400);
    expect(tooMany.error).toMatchObject({ type: 'urn:umpire:problem:validation', field: 'limit' });

    // Another side's turn is not this key's to end: 403, the same shape.
    const notYours = await table.B.POST('/matches/{id}/end-turn', {
      ...id(table),
      body: { commandId: newCommandId() },
    });
    expect(notYours.error).toMatchObject({ type: 'urn:umpire:problem:forbidden', status: 403 });
    expect(ok(await organiser.GET('/matches/{id}', id(table))).revision).toBe(1);
  });

  it('follows a match live through a dropped connection, resuming from Last-Event-ID, to its event: end', async () => {
    const table = await openTable('client-live', 'hand-to-hand');
    // A fetch that cuts the first connection to the feed after three events, as a flaky network would.
    const lastEventIds: (string | null)[] = [];
    const flaky: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (!new URL(request.url).pathname.endsWith('/stream')) return fetch(request);
      lastEventIds.push(request.headers.get('Last-Event-ID'));
      const response = await fetch(request);
      if (lastEventIds.length > 1 || !response.body) return response;
      return new Response(cutAfterEvents(response.body, 3), { status: 200, headers: response.headers });
    };
    const watcher = createUmpireClient({
      baseUrl: t.url,
      key: await tokenFor({ role: 'spectator' }),
      fetch: flaky,
    });
    const received: MatchFeedEvent[] = [];
    const following = watcher.followMatch(table.matchId, {
      onEvent: (event) => void received.push(event),
      reconnectDelayMs: 10,
    });
    await playHandToHand(table);
    const followed = await following;

    const log = ok(
      await table.spectator.GET('/matches/{id}/events', {
        ...id(table),
        params: { ...id(table).params, query: { limit: 100 } },
      }),
    );
    expect(followed).toEqual({ ended: true, lastEventId: log.revision, reconnects: 1 });
    // Each event once, in order, across the drop; the second connection asked for what came after.
    expect(received.map((event) => event.revision)).toEqual(log.events.map((event) => event.revision));
    expect(lastEventIds).toEqual([null, String(received[2]!.revision)]);
    expect(received.at(-1)).toMatchObject({ matchId: table.matchId, type: 'MatchEnded' });

    // Stopped by the caller part way, then resumed later from where it stood.
    const stop = new AbortController();
    const firstPart: number[] = [];
    const stopped = await table.spectator.followMatch(table.matchId, {
      signal: stop.signal,
      onEvent(event) {
        firstPart.push(event.revision);
        if (firstPart.length === 4) stop.abort();
      },
    });
    expect(stopped).toMatchObject({ ended: false, lastEventId: 4 });
    const rest: number[] = [];
    const resumed = await table.spectator.followMatch(table.matchId, {
      lastEventId: stopped.lastEventId,
      onEvent: (event) => void rest.push(event.revision),
    });
    expect(resumed.ended).toBe(true);
    expect([...firstPart, ...rest]).toEqual(log.events.map((event) => event.revision));
    // Resuming with everything already in hand: the feed says it is over (204), nothing more.
    const nothing: number[] = [];
    expect(
      await table.spectator.followMatch(table.matchId, {
        lastEventId: log.revision,
        onEvent: (event) => void nothing.push(event.revision),
      }),
    ).toEqual({ ended: true, lastEventId: log.revision, reconnects: 0 });
    expect(nothing).toEqual([]);
    // The caller's own failure comes back to it as it was, rather than being taken for a dropped line.
    const mistake = new Error('the caller’s handler failed');
    await expect(
      table.spectator.followMatch(table.matchId, {
        onEvent: () => {
          throw mistake;
        },
      }),
    ).rejects.toBe(mistake);
  });
});

/** The bytes of an SSE body up to the end of its `events`-th message with an id, then the end. */
function cutAfterEvents(body: ReadableStream<Uint8Array>, events: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let text = '';
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      text += decoder.decode(value, { stream: true });
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const message = text.slice(0, end + 2);
        text = text.slice(end + 2);
        controller.enqueue(encoder.encode(message));
        if (/(^|\n)id: /.test(message) && ++seen === events) {
          controller.close();
          await reader.cancel();
          return;
        }
      }
    },
    cancel: () => reader.cancel(),
  });
}
