import { openSse } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, commandId, issueKey, organiser, type Reply } from './support/umpire-client.js';

type Role = 'organiser' | 'judge' | 'spectator' | 'player';
type Scope = 'match' | 'tournament' | 'none';
interface Access {
  /** Roles the route admits (the rest get 403). */
  roles: Role[];
  /** match: another match's player and a key bound to another tournament get 403; tournament: the latter. */
  scope: Scope;
}

const ANY: Role[] = ['organiser', 'judge', 'spectator', 'player'];
const READERS: Role[] = ['organiser', 'judge', 'spectator'];
const PLAYER: Access = { roles: ['player'], scope: 'match' };

/**
 * Who may call each route of the API. Every route the service documents must be here: the test fails
 * on one that is missing, so a new route cannot ship without its access being stated and checked.
 */
const ACCESS: Record<string, Access> = {
  'POST /matches': { roles: ['organiser', 'judge'], scope: 'none' },
  'GET /matches/{id}': { roles: ANY, scope: 'match' },
  'POST /matches/{id}/units': { roles: ['organiser', 'judge', 'player'], scope: 'match' },
  'POST /matches/{id}/end-turn': PLAYER,
  'POST /matches/{id}/charges': PLAYER,
  'POST /matches/{id}/impact-rolls': PLAYER,
  'POST /matches/{id}/morale-tests': PLAYER,
  'POST /matches/{id}/give-ground-reports': PLAYER,
  'POST /matches/{id}/withdrawals': PLAYER,
  'POST /matches/{id}/contacts': PLAYER,
  'POST /matches/{id}/orders': PLAYER,
  'POST /matches/{id}/intents': PLAYER,
  'POST /matches/{id}/reveals': PLAYER,
  'POST /matches/{id}/pursuits': PLAYER,
  'POST /matches/{id}/break-offs': PLAYER,
  'POST /matches/{id}/close-combat-attacks': PLAYER,
  'POST /matches/{id}/ranged-attacks': PLAYER,
  'POST /matches/{id}/client-seeds': PLAYER,
  'POST /matches/{id}/undo-requests': PLAYER,
  'POST /matches/{id}/undo-requests/{requestId}/answer': PLAYER,
  'POST /matches/{id}/backups': { roles: ['judge'], scope: 'match' },
  'POST /matches/{id}/disputes': PLAYER,
  'POST /matches/{id}/disputes/{disputeId}/ruling': { roles: ['judge'], scope: 'match' },
  'POST /matches/{id}/end': { roles: ['judge', 'organiser'], scope: 'match' },
  'GET /matches/{id}/export': { roles: ANY, scope: 'match' },
  'GET /matches/{id}/verify': { roles: ANY, scope: 'match' },
  'POST /matches/{id}/verify': { roles: ANY, scope: 'match' },
  'GET /matches/{id}/checkpoint': { roles: ANY, scope: 'match' },
  'POST /keys': { roles: ['organiser'], scope: 'none' },
  'GET /keys': { roles: ['organiser'], scope: 'none' },
  'DELETE /keys/{keyId}': { roles: ['organiser'], scope: 'none' },
  'POST /tournaments': { roles: ['organiser'], scope: 'none' },
  'GET /tournaments': { roles: READERS, scope: 'none' },
  'GET /tournaments/{id}': { roles: READERS, scope: 'tournament' },
  'POST /tournaments/{id}/matches': { roles: ['organiser', 'judge'], scope: 'tournament' },
  'GET /tournaments/{id}/matches': { roles: READERS, scope: 'tournament' },
  'GET /tournaments/{id}/standings': { roles: READERS, scope: 'tournament' },
  'POST /tournaments/{id}/keys': { roles: ['organiser'], scope: 'tournament' },
  'GET /tournaments/{id}/stream': { roles: READERS, scope: 'tournament' },
  'POST /tournaments/{id}/webhooks': { roles: ['organiser'], scope: 'tournament' },
  'GET /tournaments/{id}/webhooks': { roles: ['organiser'], scope: 'tournament' },
  'DELETE /tournaments/{id}/webhooks/{webhookId}': { roles: ['organiser'], scope: 'tournament' },
  'GET /tournaments/{id}/webhooks/{webhookId}/deliveries': { roles: ['organiser'], scope: 'tournament' },
  'GET /matches/{id}/log': { roles: ANY, scope: 'match' },
  'GET /matches/{id}/events': { roles: ANY, scope: 'match' },
  'GET /matches/{id}/state': { roles: ANY, scope: 'match' },
  'GET /matches/{id}/roster': { roles: ANY, scope: 'match' },
  'GET /matches/{id}/result': { roles: ANY, scope: 'match' },
  'GET /matches/{id}/stream': { roles: ANY, scope: 'match' },
  'GET /projections': { roles: ['organiser'], scope: 'none' },
  'POST /projections/{name}/rebuild': { roles: ['organiser'], scope: 'none' },
};

/** Routes that need no key. */
const PUBLIC = ['GET /health', 'GET /health/ready', 'GET /audit/public-key'];

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
    spareKeyId = (await org.post('/keys', { role: 'spectator', label: 'spare' })).body.keyId;
    callers = {
      organiser: org,
      judge: await issueKey(t, { role: 'judge' }),
      spectator: await issueKey(t, { role: 'spectator' }),
      homeJudge: await issueKey(t, { role: 'judge', tournamentId: 'home' }),
      awayJudge: await issueKey(t, { role: 'judge', tournamentId: 'away' }),
      awaySpectator: await issueKey(t, { role: 'spectator', tournamentId: 'away' }),
      playerA: await issueKey(t, { role: 'player', matchId: 'home-1', side: 'A' }),
      playerAaa: await issueKey(t, { role: 'player', matchId: 'home-aa', side: 'A' }),
      otherPlayer: await issueKey(t, { role: 'player', matchId: 'away-1', side: 'A' }),
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

  /** The caller's key, as the role table and the scopes see it. */
  function expected(route: string, name: string): 'allowed' | 401 | 403 {
    if (['noKey', 'badKey', 'garbage'].includes(name)) return 401;
    const access = ACCESS[route]!;
    const role: Role =
      name === 'organiser'
        ? 'organiser'
        : name.endsWith('Judge') || name === 'judge'
          ? 'judge'
          : name.endsWith('Spectator') || name === 'spectator'
            ? 'spectator'
            : 'player';
    if (!access.roles.includes(role)) return 403;
    const elsewhere = name === 'awayJudge' || name === 'awaySpectator';
    if (elsewhere && access.scope !== 'none') return 403;
    // A key bound to a tournament creates matches there, not outside it.
    if (['homeJudge', 'awayJudge'].includes(name) && route === 'POST /matches') return 403;
    if (name === 'otherPlayer' && access.scope === 'match') return 403;
    // A player key acts in its own match only: the atomic-africa routes are another match for playerA.
    const atomic = ATOMIC.includes(route.split('/').at(-1) ?? '');
    if (name === 'playerA' && atomic) return 403;
    if (name === 'playerAaa' && !atomic && access.scope === 'match') return 403;
    return 'allowed';
  }

  it('the table states the access of every route the service documents, and no other', () => {
    const documented = operations.filter((op) => !PUBLIC.includes(op));
    expect([...documented].sort()).toEqual(Object.keys(ACCESS).sort());
  });

  it('the public routes answer without a key: /health, /health/ready, /audit/public-key, /docs and /docs-json', async () => {
    const anyone = new Caller(t.url, undefined);
    for (const route of PUBLIC) {
      expect((await anyone.get(route.split(' ')[1]!)).status).toBe(200);
    }
    expect((await anyone.get('/docs-json')).status).toBe(200);
    expect((await anyone.get('/docs')).status).toBe(200);
  });

  it('every route: 401 without a valid key; 403 for the wrong role, match, side or tournament; else no refusal', async () => {
    const failures: string[] = [];
    for (const route of Object.keys(ACCESS)) {
      for (const [name, caller] of Object.entries(callers)) {
        const want = expected(route, name);
        const reply = await call(route, caller);
        const refused = reply.status === 401 || reply.status === 403;
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
    expect(charge.body.message).toMatch(/side A/);
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
