import {
  createUmpireClient,
  newCommandId,
  ok,
  type TournamentFeedMessage,
  type UmpireClient,
} from '../../clients/typescript/src/index.js';
import { startTestApp, type TestApp } from '../e2e/support/test-app.js';
import { ORGANISER_KEY } from '../e2e/support/umpire-client.js';

/**
 * A club night through the typed client only: participants with their own keys, a Swiss round
 * opened and paired, results reported by one player and confirmed by the other, standings, and the
 * next round paired without a rematch.
 */
describe('the typed client runs a tournament', () => {
  let t: TestApp;
  let organiser: UmpireClient;
  const T = 'client-club-night';
  const players = new Map<string, UmpireClient>();
  beforeAll(async () => {
    t = await startTestApp();
    organiser = createUmpireClient({ baseUrl: t.url, key: ORGANISER_KEY });
  });
  afterAll(async () => t.close());

  const tournament = { params: { path: { id: T } } };
  const player = (participantId: string): UmpireClient => {
    const client = players.get(participantId);
    if (!client) throw new Error(`no key for ${participantId}`);
    return client;
  };
  const table = (round: number, tableNumber: number) => ({
    params: { path: { id: T, round, table: tableNumber } },
  });

  /**
   * The participant a standings row is for: typed by the document (a tournament run with participants
   * always sends it; one run with names on matches has none, so the type says optional).
   */
  function participantOf(row: { participantId?: string; tieBreaks?: object }): string {
    if (row.participantId === undefined || row.tieBreaks === undefined) {
      throw new Error(`a standings row without its participantId and tie-breaks: ${JSON.stringify(row)}`);
    }
    return row.participantId;
  }

  /** One result as both players agree it: the first reports, the other confirms. */
  async function agreed(
    round: number,
    at: number,
    reporter: string,
    confirmer: string,
    outcome: 'A' | 'B' | 'draw',
  ) {
    const reported = ok(
      await player(reporter).POST('/tournaments/{id}/rounds/{round}/tables/{table}/report', {
        ...table(round, at),
        body: { commandId: newCommandId(), outcome },
      }),
    );
    expect(reported.events.map((event) => event.type)).toEqual(['ResultReported']);
    return ok(
      await player(confirmer).POST('/tournaments/{id}/rounds/{round}/tables/{table}/confirm', {
        ...table(round, at),
        body: { commandId: newCommandId() },
      }),
    );
  }

  it('registers participants, each with a key of their own, who check themselves in', async () => {
    const created = ok(
      await organiser.POST('/tournaments', {
        body: { commandId: newCommandId(), tournamentId: T, name: 'Club night' },
      }),
    );
    expect(created).toMatchObject({ tournamentId: T, scoring: { win: 3, draw: 1, loss: 0 } });
    for (let seed = 1; seed <= 4; seed++) {
      const participantId = `p${seed}`;
      ok(
        await organiser.POST('/tournaments/{id}/participants', {
          ...tournament,
          body: { commandId: newCommandId(), participantId, name: `Player ${seed}`, seed },
        }),
      );
      const key = ok(
        await organiser.POST('/tournaments/{id}/participants/{participantId}/keys', {
          params: { path: { id: T, participantId } },
          body: { commandId: newCommandId(), label: participantId },
        }),
      );
      expect(key).toMatchObject({ role: 'player', tournamentId: T });
      players.set(participantId, createUmpireClient({ baseUrl: t.url, key: key.token }));
      ok(
        await player(participantId).POST('/tournaments/{id}/participants/{participantId}/check-in', {
          params: { path: { id: T, participantId } },
          body: { commandId: newCommandId() },
        }),
      );
    }
    const registered = ok(await organiser.GET('/tournaments/{id}/participants', tournament));
    expect(registered.items.map((p) => [p.participantId, p.checkedIn])).toEqual([
      ['p1', true],
      ['p2', true],
      ['p3', true],
      ['p4', true],
    ]);
    expect(registered.nextCursor).toBeNull();
  });

  it('opens a Swiss round, pairs it by seed, and closes it on reported and confirmed results', async () => {
    const opened = ok(
      await organiser.POST('/tournaments/{id}/rounds', {
        ...tournament,
        body: { commandId: newCommandId(), round: 1, method: 'swiss' },
      }),
    );
    expect(opened.events.map((event) => event.type)).toEqual(['RoundOpened', 'PairingsPublished']);
    const paired = ok(
      await organiser.GET('/tournaments/{id}/rounds/{round}', { params: { path: { id: T, round: 1 } } }),
    );
    // Everyone on 0, in seed order: the top half meets the bottom half, the higher seed on side A.
    expect(paired.pairings.map((p) => [p.table, p.A.participantId, p.B.participantId])).toEqual([
      [1, 'p1', 'p3'],
      [2, 'p2', 'p4'],
    ]);
    expect(paired.byes).toEqual([]);
    ok(
      await organiser.POST('/tournaments/{id}/rounds/{round}/start', {
        params: { path: { id: T, round: 1 } },
        body: { commandId: newCommandId() },
      }),
    );

    await agreed(1, 1, 'p1', 'p3', 'A');
    const last = await agreed(1, 2, 'p4', 'p2', 'draw');
    expect(last.events.map((event) => event.type)).toEqual(['ResultConfirmed', 'RoundClosed']);
    const closed = ok(
      await organiser.GET('/tournaments/{id}/rounds/{round}', { params: { path: { id: T, round: 1 } } }),
    );
    expect(closed.status).toBe('closed');
    expect(closed.pairings.map((p) => p.status)).toEqual(['final', 'final']);
  });

  it('standings follow the results; the next Swiss round pairs no one with a past opponent', async () => {
    const standings = ok(await organiser.GET('/tournaments/{id}/standings', tournament));
    // 3 for a win, 1 for a draw; p2 and p4 tie on everything up to head-to-head (a draw), seed splits them.
    expect(standings.standings.map((row) => [row.rank, participantOf(row), row.points])).toEqual([
      [1, 'p1', 3],
      [2, 'p2', 1],
      [3, 'p4', 1],
      [4, 'p3', 0],
    ]);
    expect(standings.standings.map((row) => [row.played, row.won, row.drawn, row.lost])).toEqual([
      [1, 1, 0, 0],
      [1, 0, 1, 0],
      [1, 0, 1, 0],
      [1, 0, 0, 1],
    ]);

    ok(
      await organiser.POST('/tournaments/{id}/rounds', {
        ...tournament,
        body: { commandId: newCommandId(), round: 2, method: 'swiss' },
      }),
    );
    const second = ok(
      await organiser.GET('/tournaments/{id}/rounds/{round}', { params: { path: { id: T, round: 2 } } }),
    );
    const met = new Set(['p1 p3', 'p3 p1', 'p2 p4', 'p4 p2']);
    const pairs = second.pairings.map((p) => `${p.A.participantId} ${p.B.participantId}`);
    expect(pairs).toHaveLength(2);
    expect(pairs.filter((pair) => met.has(pair))).toEqual([]);
    expect(pairs.flatMap((pair) => pair.split(' ')).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  it('round 2: a disputed result settled by a judge’s override, a forfeit; standings, CSV and export follow', async () => {
    const judge = createUmpireClient({
      baseUrl: t.url,
      key: ok(
        await organiser.POST('/keys', {
          body: { commandId: newCommandId(), role: 'judge', tournamentId: T },
        }),
      ).token,
    });
    const round = ok(
      await organiser.GET('/tournaments/{id}/rounds/{round}', { params: { path: { id: T, round: 2 } } }),
    );
    const [first, second] = round.pairings;
    if (!first || !second) throw new Error(`round 2 has ${round.pairings.length} pairings`);
    ok(
      await organiser.POST('/tournaments/{id}/rounds/{round}/start', {
        params: { path: { id: T, round: 2 } },
        body: { commandId: newCommandId() },
      }),
    );
    // Table 1: A claims the win, B disputes it, the judge rules for B.
    ok(
      await player(first.A.participantId).POST('/tournaments/{id}/rounds/{round}/tables/{table}/report', {
        ...table(2, first.table),
        body: { commandId: newCommandId(), outcome: 'A' },
      }),
    );
    const disputed = ok(
      await player(first.B.participantId).POST('/tournaments/{id}/rounds/{round}/tables/{table}/dispute', {
        ...table(2, first.table),
        body: { commandId: newCommandId(), reason: 'the objective was mine at the end' },
      }),
    );
    expect(disputed.events.map((event) => event.type)).toEqual(['ResultDisputed']);
    // Players cannot override: a typed 403.
    const selfRuled = await player(first.B.participantId).POST(
      '/tournaments/{id}/rounds/{round}/tables/{table}/override',
      { ...table(2, first.table), body: { commandId: newCommandId(), outcome: 'B', reason: 'mine' } },
    );
    expect(selfRuled.error).toMatchObject({ status: 403 });
    ok(
      await judge.POST('/tournaments/{id}/rounds/{round}/tables/{table}/override', {
        ...table(2, first.table),
        body: { commandId: newCommandId(), outcome: 'B', reason: 'the scoresheet shows B on the objective' },
      }),
    );
    // Table 2: B does not arrive; A wins by forfeit, and the round closes.
    const forfeited = ok(
      await judge.POST('/tournaments/{id}/rounds/{round}/tables/{table}/forfeit', {
        ...table(2, second.table),
        body: { commandId: newCommandId(), participantId: second.B.participantId, reason: 'did not arrive' },
      }),
    );
    expect(forfeited.events.map((event) => event.type)).toEqual(['ForfeitRecorded', 'RoundClosed']);

    // Points: round 1's, then a win each for table 1's B and table 2's A.
    const points = new Map([
      ['p1', 3],
      ['p2', 1],
      ['p3', 0],
      ['p4', 1],
    ]);
    for (const winner of [first.B.participantId, second.A.participantId]) {
      points.set(winner, (points.get(winner) ?? 0) + 3);
    }
    const standings = ok(await organiser.GET('/tournaments/{id}/standings', tournament));
    expect(new Map(standings.standings.map((row) => [participantOf(row), row.points]))).toEqual(points);
    expect(standings.standings.every((row) => row.played === 2)).toBe(true);

    const csv = await organiser.GET('/tournaments/{id}/standings.csv', { ...tournament, parseAs: 'text' });
    expect(csv.response.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = (csv.data ?? '').trim().split('\r\n');
    expect(rows[0]).toMatch(/^rank,participantId,/);
    expect(rows.slice(1).map((row) => row.split(',')[1])).toEqual(
      standings.standings.map((row) => participantOf(row)),
    );

    const exported = await organiser.GET('/tournaments/{id}/export', { ...tournament, parseAs: 'text' });
    const lines = (exported.data ?? '').trim().split('\n');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      format: 'umpire-tournament-export/1',
      tournamentId: T,
    });
    expect(exported.data).toContain('ResultOverridden');
    expect(exported.data).toContain('ForfeitRecorded');
  });

  it('follows the tournament feed, and resumes after a stop with each message once and in order', async () => {
    // Everything so far, read to the end: the feed has no end of its own, so stop once it goes quiet.
    const followed = async (lastEventId?: number, stopAfter = Infinity) => {
      const messages: TournamentFeedMessage[] = [];
      const stop = new AbortController();
      let quiet = setTimeout(() => stop.abort(), 1500);
      const result = await organiser.followTournament(T, {
        ...(lastEventId === undefined ? {} : { lastEventId }),
        signal: stop.signal,
        onEvent: (message) => {
          messages.push(message);
          clearTimeout(quiet);
          if (messages.length >= stopAfter) stop.abort();
          else quiet = setTimeout(() => stop.abort(), 1500);
        },
      });
      clearTimeout(quiet);
      return { messages, result };
    };
    const whole = await followed();
    const own = whole.messages.filter((m) => m.matchId === undefined).map((m) => m.event.type);
    expect(own).toEqual(expect.arrayContaining(['RoundOpened', 'ResultReported', 'ResultConfirmed']));
    expect(own).toContain('ResultOverridden');
    expect(whole.result).toMatchObject({ ended: false, lastEventId: whole.messages.at(-1)!.position });

    const first = await followed(undefined, 5);
    expect(first.messages).toHaveLength(5);
    const rest = await followed(first.result.lastEventId);
    const positions = [...first.messages, ...rest.messages].map((m) => m.position);
    expect(positions).toEqual(whole.messages.map((m) => m.position));
  });
});
