import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSse } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, commandId, issueKey, organiser, type Reply } from './support/umpire-client.js';

/** The kinds of key the access table of docs/keys-and-security.md has a column for. */
const KINDS = [
  'organiser',
  'organiser@T',
  'judge',
  'judge@T',
  'spectator',
  'spectator@T',
  'player',
  'judge@M',
  'spectator@M',
] as const;
type Kind = (typeof KINDS)[number];
type Cell = 'yes' | 'T' | 'M' | 'no';

/**
 * Who may call each route, as docs/keys-and-security.md publishes it: the table between its access-table markers,
 * one row per route (`:id` written for OpenAPI's `{id}`), one column per kind of key. Every route the
 * service documents must be there: the test fails on one that is missing, so a new route cannot ship
 * without its access being published and checked.
 */
function publishedAccess(): Record<string, Record<Kind, Cell>> {
  const page = readFileSync(
    join(dirname(fileURLToPath(import.meta.url)), '../../docs/keys-and-security.md'),
    'utf8',
  );
  const table = page.split('<!-- access table: begin -->')[1]?.split('<!-- access table: end -->')[0];
  if (!table) throw new Error('docs/keys-and-security.md has no access table');
  const rows = table.split('\n').filter((line) => line.startsWith('| `'));
  const header = table
    .split('\n')
    .find((line) => line.startsWith('| route'))!
    .split('|')
    .map((c) => c.trim())
    .filter(Boolean)
    .slice(1);
  expect(header).toEqual([...KINDS]);
  return Object.fromEntries(
    rows.map((line) => {
      const [route, ...cells] = line
        .split('|')
        .map((c) => c.trim())
        .filter(Boolean);
      const name = route!.replace(/`/g, '').replace(/:([A-Za-z]+)/g, '{$1}');
      for (const cell of cells) expect(['yes', 'T', 'M', 'no']).toContain(cell);
      return [
        name,
        Object.fromEntries(KINDS.map((kind, i) => [kind, cells[i] as Cell])) as Record<Kind, Cell>,
      ];
    }),
  );
}

const ACCESS = publishedAccess();

/** Routes that need no key. */
const PUBLIC = [
  'GET /health',
  'GET /health/ready',
  'GET /audit/public-key',
  'POST /invitations/{code}/redeem',
  'GET /rulesets',
  'GET /rulesets/{id}/{version}/rules',
  'GET /rulesets/{id}/{version}/rules/{ruleId}',
];

/** Routes of the atomic-africa ruleset: called on an atomic-africa match. */
const ATOMIC = [
  'contacts',
  'orders',
  'intents',
  'reveals',
  'pursuits',
  'break-offs',
  'close-combat-attacks',
  'ranged-attacks',
];

let table = 10;
/** A body that passes validation, so that what answers is the access check, not the DTO. */
function bodyFor(route: string): object {
  const c = { commandId: commandId('access') };
  const last = route.split('/').at(-1);
  switch (route) {
    case 'POST /matches':
      return { ...c, ruleset: 'hand-to-hand', sides: { A: 'Zulus', B: 'British' }, diceMode: 'table' };
    case 'POST /tournaments/{id}/matches':
      table += 1;
      return {
        ...c,
        round: 1,
        table,
        ruleset: 'hand-to-hand',
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
      };
    case 'POST /tournaments':
      return { ...c, name: 'Another' };
    case 'POST /keys':
      return { role: 'spectator' };
    case 'POST /tournaments/{id}/keys':
      return { role: 'spectator' };
    case 'POST /tournaments/{id}/webhooks':
      return { url: 'http://127.0.0.1:9/never' };
    case 'POST /stream-tickets':
      return { matchId: 'home-1' };
    case 'POST /matches/{id}/verify':
    case 'POST /projections/{name}/rebuild':
      return {};
  }
  const bodies: Record<string, object> = {
    units: { unitId: `u${table++}`, name: 'U', side: 'A', morale: 7, move: 6 },
    'end-turn': {},
    charges: { attackerId: 'impi', defenderId: 'nnc', aspect: 'front', slope: 'level', dice: [1, 2] },
    'impact-rolls': { chargeId: 'c', dice: [3] },
    'morale-tests': { unitId: 'impi', cause: 'melee', dice: [1, 2] },
    'give-ground-reports': { unitId: 'impi', couldMove: true, leftTable: false },
    withdrawals: { unitId: 'impi', leftTable: false },
    contacts: { unitId: 'a1', enemyId: 'b1' },
    orders: { unitId: 'a1', turn: 1, card: { rank: '7', suit: 'spades' } },
    intents: { unitId: 'a1', intent: 'fight' },
    reveals: { unitId: 'a1' },
    pursuits: { unitId: 'a1', pursue: true },
    'break-offs': { unitId: 'a1', destination: 'x', inTransit: 'y', rangeInches: 5 },
    'close-combat-attacks': { unitId: 'a1', dice: [1, 2] },
    'ranged-attacks': { attackerId: 'a1', targetId: 'b1', rangeInches: 5, dice: [1, 2] },
    'client-seeds': { seed: 'lucky' },
    'undo-requests': { toRevision: 1, reason: 'oops' },
    answer: { agree: false },
    backups: { toRevision: 2, reason: 'wrong' },
    disputes: { revision: 1, claim: 'the dice' },
    ruling: { ruling: 'dismissed', ruleId: 'C-1', note: 'no' },
    end: { winner: 'draw' },
    invitations: { side: 'A' },
  };
  return { ...c, ...(bodies[last ?? ''] ?? {}) };
}

/**
 * Every route with every kind of key, and with none: 401 without a valid key, 403 for a key of the
 * wrong role, match, side or tournament, and otherwise an answer that is not an access refusal.
 */
describe('organiser: every route, every key', () => {
  let t: TestApp;
  let callers: Record<string, Caller>;
  let webhookId: string;
  let spareKeyId: string;
  let operations: string[];

  beforeAll(async () => {
    t = await startTestApp();
    const org = organiser(t);
    for (const id of ['home', 'away']) await org.command('/tournaments', { tournamentId: id, name: id });
    for (const [tournament, matchId, ruleset, tableNo] of [
      ['home', 'home-1', 'hand-to-hand', 1],
      ['home', 'home-aa', 'atomic-africa', 2],
      ['away', 'away-1', 'hand-to-hand', 1],
    ] as const) {
      await org.command(`/tournaments/${tournament}/matches`, {
        matchId,
        round: 1,
        table: tableNo,
        ruleset,
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
      });
    }
    for (const [unitId, side] of [
      ['impi', 'A'],
      ['nnc', 'B'],
    ] as const) {
      await org.command('/matches/home-1/units', { unitId, name: unitId, side, morale: 8, move: 6 });
    }
    for (const [unitId, side] of [
      ['a1', 'A'],
      ['b1', 'B'],
    ] as const) {
      await org.command('/matches/home-aa/units', {
        unitId,
        name: unitId,
        side,
        unitType: 'infantry',
        movement: 6,
        firepower: 2,
      });
    }
    webhookId = (await org.post('/tournaments/home/webhooks', { url: 'http://127.0.0.1:9/never' })).body
      .webhookId;
    // A key of the home tournament: what a key bound to it may revoke.
    spareKeyId = (await org.post('/keys', { role: 'spectator', tournamentId: 'home', label: 'spare' })).body
      .keyId;
    callers = {
      organiser: org,
      judge: await issueKey(t, { role: 'judge' }),
      spectator: await issueKey(t, { role: 'spectator' }),
      homeOrganiser: await issueKey(t, { role: 'organiser', tournamentId: 'home' }),
      awayOrganiser: await issueKey(t, { role: 'organiser', tournamentId: 'away' }),
      homeJudge: await issueKey(t, { role: 'judge', tournamentId: 'home' }),
      homeSpectator: await issueKey(t, { role: 'spectator', tournamentId: 'home' }),
      awayJudge: await issueKey(t, { role: 'judge', tournamentId: 'away' }),
      awaySpectator: await issueKey(t, { role: 'spectator', tournamentId: 'away' }),
      playerA: await issueKey(t, { role: 'player', matchId: 'home-1', side: 'A' }),
      playerAaa: await issueKey(t, { role: 'player', matchId: 'home-aa', side: 'A' }),
      otherPlayer: await issueKey(t, { role: 'player', matchId: 'away-1', side: 'A' }),
      matchJudge: await issueKey(t, { role: 'judge', matchId: 'home-1' }),
      matchSpectator: await issueKey(t, { role: 'spectator', matchId: 'home-1' }),
      noKey: new Caller(t.url, undefined),
      badKey: new Caller(t.url, 'umpire_000000000000_this-is-not-a-key-this-is-not-a-key'),
      garbage: new Caller(t.url, 'garbage'),
    };
    const doc = (await org.get('/docs-json')).body as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
  });
  afterAll(async () => t.close());

  function pathOf(route: string): string {
    const [, template] = route.split(' ') as [string, string];
    const atomic = ATOMIC.includes(template.split('/').at(-1) ?? '');
    const matchId = atomic ? 'home-aa' : 'home-1';
    return template
      .replace(/^\/matches\/\{id\}/, `/matches/${matchId}`)
      .replace(/^\/tournaments\/\{id\}/, '/tournaments/home')
      .replace('{webhookId}', webhookId)
      .replace('{keyId}', spareKeyId)
      .replace('{name}', 'standings')
      .replace(/\{[^}]+\}/g, 'x');
  }

  async function call(route: string, caller: Caller): Promise<Reply> {
    const [method] = route.split(' ') as [string, string];
    const path = pathOf(route);
    if (path.endsWith('/stream')) {
      const stream = await openSse(t, path, caller.token);
      stream.close();
      return { status: stream.status, body: {} };
    }
    if (method === 'GET') return caller.get(path);
    if (method === 'DELETE') return caller.delete(path);
    return caller.post(path, bodyFor(route));
  }

  /** The kind of key each caller holds, as the access table names it. */
  function kindOf(name: string): Kind {
    if (name === 'matchJudge') return 'judge@M';
    if (name === 'matchSpectator') return 'spectator@M';
    const role = /^(home|away)?(organiser|judge|spectator)$/i.exec(name);
    if (!role) return 'player';
    const base = role[2]!.toLowerCase() as 'organiser' | 'judge' | 'spectator';
    return role[1] ? `${base}@T` : base;
  }

  /** What the caller should get on the route (called with the home tournament's ids), per the access table. */
  function expected(route: string, name: string): 'allowed' | 401 | 403 | 404 {
    if (['noKey', 'badKey', 'garbage'].includes(name)) return 401;
    const cell = ACCESS[route]![kindOf(name)];
    const [, template] = route.split(' ') as [string, string];
    // Another tournament's ids answer as unknown ones, before the role is looked at.
    const away = name.startsWith('away');
    // (A stream ticket names its match in the body: for home-1, as the calls send.)
    if (away && /^\/(tournaments|matches)\/\{id\}|^\/stream-tickets$/.test(template)) return 404;
    // A key bound to home-1 alone: the tournament (it is bound to none) and the other match are unknown to it.
    if (name.startsWith('match')) {
      const atomic = ATOMIC.includes(template.split('/').at(-1) ?? '');
      if (template.startsWith('/tournaments/{id}')) return 404;
      if (template.startsWith('/matches/{id}') && atomic) return 404;
    }
    if (cell === 'no') return 403;
    // The spare key is the home tournament's: out of the away key's scope, hence unknown to it.
    if (away && template.includes('{keyId}')) return 404;
    if (cell === 'M') {
      // A player key acts in its own match only: the atomic-africa routes are another match for playerA.
      const atomic = ATOMIC.includes(template.split('/').at(-1) ?? '');
      if (name === 'otherPlayer') return 403;
      if (name === 'playerA' && atomic) return 403;
      if (name === 'playerAaa' && !atomic) return 403;
    }
    return 'allowed';
  }

  it('the table states the access of every route the service documents, and no other', () => {
    const documented = operations.filter((op) => !PUBLIC.includes(op));
    expect([...documented].sort()).toEqual(Object.keys(ACCESS).sort());
  });

  it('the public routes answer without a key: /health, /health/ready, /audit/public-key, /docs and /docs-json', async () => {
    const anyone = new Caller(t.url, undefined);
    // Those with nothing to fill in; the invitation and rule-text routes are tested in their own files.
    for (const route of PUBLIC.filter((r) => r.startsWith('GET ') && !r.includes('{'))) {
      expect((await anyone.get(route.split(' ')[1]!)).status).toBe(200);
    }
    expect((await anyone.get('/docs-json')).status).toBe(200);
    expect((await anyone.get('/docs')).status).toBe(200);
  });

  it('every route, every kind of key: the published access table holds (401 without a valid key, 404 for another tournament’s ids, 403 for the wrong role or match)', async () => {
    const failures: string[] = [];
    // Last, as each key revokes itself there (the configured organiser key is refused, 409).
    const self = 'DELETE /keys/current';
    for (const route of [...Object.keys(ACCESS).filter((r) => r !== self), self]) {
      for (const [name, caller] of Object.entries(callers)) {
        const want = expected(route, name);
        const reply = await call(route, caller);
        // A 404 as for an unknown id is a refusal too; other 404s (a webhook deleted already) are answers.
        const unknown =
          reply.status === 404 && /^(tournament|match) \S+ does not exist$|^no key /.test(reply.body.detail);
        const refused = reply.status === 401 || reply.status === 403 || unknown;
        const ok = want === 'allowed' ? !refused && reply.status < 500 : reply.status === want;
        if (!ok)
          failures.push(
            `${route} as ${name}: ${reply.status} (wanted ${want}) ${JSON.stringify(reply.body)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('C-4 a player acts only for its own side: 403 for the other side’s unit, even in its own match', async () => {
    const org = callers.organiser!;
    await org.command('/matches', {
      matchId: 'sides',
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    await org.command('/matches/sides/units', {
      unitId: 'impi',
      name: 'Impi',
      side: 'A',
      morale: 8,
      move: 6,
    });
    await org.command('/matches/sides/units', { unitId: 'nnc', name: 'NNC', side: 'B', morale: 7, move: 6 });
    const B = await issueKey(t, { role: 'player', matchId: 'sides', side: 'B' });
    const charge = await B.post('/matches/sides/charges', {
      commandId: commandId(),
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'level',
      dice: [1, 2],
    });
    expect(charge.status).toBe(403);
    expect(charge.body.detail).toMatch(/side A/);
    const unit = await B.post('/matches/sides/units', {
      commandId: commandId(),
      unitId: 'sneaky',
      name: 'Sneaky',
      side: 'A',
      morale: 7,
      move: 6,
    });
    expect(unit.status).toBe(403);
  });

  it('a revoked key is 401 at once', async () => {
    const org = callers.organiser!;
    const issued = await org.post('/keys', { role: 'spectator' });
    const key = new Caller(t.url, issued.body.token);
    expect((await key.get('/matches/home-1/log')).status).toBe(200);
    expect((await org.delete(`/keys/${issued.body.keyId}`)).status).toBe(204);
    expect((await key.get('/matches/home-1/log')).status).toBe(401);
  });
});
