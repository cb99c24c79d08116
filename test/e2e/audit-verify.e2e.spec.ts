import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { type ExportedEvent, parseExport } from '../../src/audit/export-format.js';
import { umpire } from '../audit/support/cli.js';
import { StoredLog } from '../audit/support/stored-log.js';
import {
  edit,
  remove,
  renameConsistently,
  renameRules,
  swap,
  toNdjsonText,
} from '../audit/support/tamper.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { atomicAfricaInContact, type Caller, type MatchTable, openMatch } from './support/umpire-client.js';
import { replayedWithTheSameCode } from '../audit/support/replayed-rules.js';

/**
 * The verification half, over real HTTP on a real SQLite file: GET /matches/:id/verify re-runs
 * the stored match through the rules; `umpire verify` does the same offline on the export. Every
 * forgery is made twice, once in the SQLite file under the running service and once in an exported
 * file, and both must name the same event and rule.
 */
describe('audit over HTTP: verify, export, checkpoints', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'umpire-audit-e2e-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let n = 0;
  const at = (m: MatchTable, route: string) => `/matches/${m.matchId}/${route}`;

  /** E-1 with table dice: 4 charge, 7 impact 4, 8 morale test (fails by 3: reform), 10 gives ground. */
  async function zuluCharge(): Promise<MatchTable> {
    n += 1;
    const m = await openMatch(t, { matchId: `audit-hh-${n}`, ruleset: 'hand-to-hand' });
    await m.organiser.command(at(m, 'units'), {
      unitId: 'impi',
      name: 'Impi',
      side: 'A',
      morale: 8,
      move: 6,
    });
    await m.organiser.command(at(m, 'units'), { unitId: 'nnc', name: 'NNC', side: 'B', morale: 7, move: 6 });
    await m.A.command(at(m, 'charges'), {
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'downhill',
      dice: [2, 3],
    });
    await m.A.command(at(m, 'impact-rolls'), { chargeId: 'c1', dice: [4] });
    await m.B.command(at(m, 'morale-tests'), { unitId: 'nnc', cause: 'melee', dice: [2, 4] });
    await m.B.command(at(m, 'give-ground-reports'), { unitId: 'nnc', couldMove: true, leftTable: false });
    return m;
  }

  /** Atomic Africa: both cards sealed by the service (AA-2 escrow), both fight; 11 b1 and 12 a1 reveal. */
  async function closeCombat(): Promise<MatchTable> {
    n += 1;
    const m = await atomicAfricaInContact(t, `audit-aa-${n}`);
    await m.A.command(at(m, 'orders'), { unitId: 'a1', turn: 2, card: { rank: '7', suit: 'spades' } });
    await m.B.command(at(m, 'orders'), { unitId: 'b1', turn: 2, card: { rank: '5', suit: 'hearts' } });
    await m.B.command(at(m, 'intents'), { unitId: 'b1', intent: 'fight' });
    await m.A.command(at(m, 'intents'), { unitId: 'a1', intent: 'fight' });
    await m.B.command(at(m, 'reveals'), { unitId: 'b1' });
    await m.A.command(at(m, 'reveals'), { unitId: 'a1' });
    return m;
  }

  /**
   * Server dice with every test sure to pass (morale 12), so the flow never depends on the faces:
   * 4, 5, 6 a shooting test each.
   */
  async function serverShooting(): Promise<MatchTable> {
    n += 1;
    const m = await openMatch(t, {
      matchId: `audit-sd-${n}`,
      ruleset: 'hand-to-hand',
      diceMode: 'server',
      parameters: { morale: { min: 6, max: 12 } },
    });
    await m.organiser.command(at(m, 'units'), { unitId: 'a1', name: 'A1', side: 'A', morale: 12, move: 6 });
    await m.organiser.command(at(m, 'units'), { unitId: 'b1', name: 'B1', side: 'B', morale: 12, move: 6 });
    for (const [caller, unitId] of [
      [m.A, 'a1'],
      [m.B, 'b1'],
      [m.A, 'a1'],
    ] as const) {
      await caller.command(at(m, 'morale-tests'), { unitId, cause: 'shooting' });
    }
    return m;
  }

  async function exportOf(m: MatchTable, caller: Caller = m.organiser): Promise<ExportedEvent[]> {
    const response = await request(t.url)
      .get(at(m, 'export'))
      .set('Authorization', `Bearer ${caller.token}`)
      .buffer(true);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    return parseExport(response.text).events;
  }

  async function keyFile(name: string): Promise<string> {
    const key = await request(t.url).get('/audit/public-key').expect(200);
    const path = join(dir, `${name}.json`);
    writeFileSync(path, JSON.stringify(key.body));
    return path;
  }

  function exportFile(name: string, events: readonly ExportedEvent[]): string {
    const path = join(dir, `${name}.ndjson`);
    writeFileSync(path, toNdjsonText(events));
    return path;
  }

  async function verify(m: MatchTable, caller: Caller = m.judge) {
    const reply = await caller.get(at(m, 'verify'));
    expect(reply.status).toBe(200);
    return reply.body;
  }

  it('C-3 GET /verify: an untouched match verifies, for its players, a judge and the organiser; not for another match’s player', async () => {
    const m = await zuluCharge();
    const other = await zuluCharge();
    for (const caller of [m.A, m.B, m.judge, m.organiser, m.spectator]) {
      expect(await verify(m, caller)).toMatchObject({
        ok: true,
        matchId: m.matchId,
        stream: `match-${m.matchId}`,
        head: { revision: 10 },
        checked: {
          events: 10,
          chain: { ok: true, links: 10 },
          outcomes: { ok: true, commands: 7, events: 10 },
          serverRolls: { ok: true, status: 'not-applicable' },
          reveals: { ok: true, reveals: 0 },
        },
        discrepancies: [],
      });
    }
    expect((await other.A.get(at(m, 'verify'))).status).toBe(403);
    expect((await m.judge.get('/matches/no-such-match/verify')).status).toBe(404);
  });

  it('C-3 GET and POST /verify name the rules the log was replayed with, and whether they are the ones it records', async () => {
    const m = await zuluCharge();
    const recorded = (await exportOf(m))[0]!.metadata.ruleset!;
    const rules = replayedWithTheSameCode(recorded);
    expect(await verify(m)).toMatchObject({ ok: true, ruleset: recorded, rules });
    const posted = await m.judge.post(at(m, 'verify'), { checkpoints: [] });
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ ok: true, rules });
  });

  it('C-6 POST /verify refuses a checkpoint that is not an object (an array, a number) with a 400 naming checkpoints', async () => {
    const m = await zuluCharge();
    // Found by the body fuzzer: `[[]]` passed ValidateNested (it validates an array's items) and answered 500.
    for (const checkpoints of [[[]], [[{}]], [7], [null]]) {
      const refused = await m.judge.post(at(m, 'verify'), { checkpoints });
      expect([JSON.stringify(checkpoints), refused.status]).toEqual([JSON.stringify(checkpoints), 400]);
      expect(refused.body.detail).toContain('checkpoints');
    }
  });

  it.each([
    [
      'a ruleset version this service does not know',
      (ruleset: { version: string }) => (ruleset.version = '9.0.0'),
      'version-not-known',
      'this verifier does not know hand-to-hand 9.0.0',
    ],
    [
      'a wrong ruleset hash',
      (ruleset: { hash: string }) => (ruleset.hash = 'f'.repeat(64)),
      'hash-mismatch',
      'here gives hash',
    ],
  ] as const)(
    'C-3 a stored log rewritten (chain recomputed) to name %s: GET /verify says it was not replayed with that code, beside its finding',
    async (_name, change, replay, because) => {
      const m = await zuluCharge();
      const events = await exportOf(m);
      const db = new StoredLog(t.dataDir, m.matchId);
      try {
        db.overwrite(renameRules(events, change as (ruleset: { version: string; hash: string }) => void));
      } finally {
        db.close();
      }
      const report = await verify(m);
      expect(report.ok).toBe(false);
      expect(report.checked.chain.ok).toBe(true);
      expect(report.firstDiscrepancy).toMatchObject({ revision: 1, ruleId: 'C-3', check: 'outcomes' });
      expect(report.rules).toMatchObject({ replay, matchRules: { replay: 'same-code' } });
      expect(report.rules.message).toContain(`NOT replayed with the same code: `);
      expect(report.rules.message).toContain(because);
    },
  );

  it('C-3 GET /export is one envelope a line closed by the signed head, and `umpire verify` on it agrees with the route', async () => {
    const m = await closeCombat();
    const response = await request(t.url)
      .get(at(m, 'export'))
      .set('Authorization', `Bearer ${m.B.token}`)
      .buffer(true);
    const { events, closing } = parseExport(response.text);
    expect(events.map((e) => e.metadata.revision)).toEqual(events.map((_, i) => i + 1));
    expect(events[0]).toEqual({
      type: 'MatchCreated',
      data: expect.any(Object),
      metadata: expect.any(Object),
    });
    // The last line: the head at export time, signed as GET /checkpoint signs it.
    const head = await m.B.get(at(m, 'checkpoint'));
    expect(closing).toEqual({
      ...head.body,
      checkpoint: { ...head.body.checkpoint, signedAt: expect.any(String) },
      signature: expect.any(String),
    });
    expect(closing!.checkpoint).toMatchObject({
      revision: events.length,
      hash: events.at(-1)!.metadata.hash,
    });

    const route = await verify(m);
    expect(route).toMatchObject({ ok: true, checked: { reveals: { reveals: 2, verified: 2 } } });
    const path = join(dir, `export-${m.matchId}.ndjson`);
    writeFileSync(path, response.text);
    const run = await umpire('verify', '--json', path, '--public-key', await keyFile(`key-${m.matchId}`));
    expect(run.code).toBe(0);
    const offline = JSON.parse(run.stdout);
    // The same report, and the file's closing checkpoint besides (the route reads the store, not a file).
    expect(offline.checked.checkpoints.checked).toEqual([
      expect.objectContaining({ closing: true, revision: events.length, signature: 'valid', matches: true }),
    ]);
    const withoutCheckpoints = ({ checked: { checkpoints: _, ...checked }, ...report }: typeof route) => ({
      ...report,
      checked,
    });
    expect(withoutCheckpoints(offline)).toEqual(withoutCheckpoints(route));
  });

  interface Forgery {
    name: string;
    play: () => Promise<MatchTable>;
    /** The forged export, for the CLI. */
    forge: (events: ExportedEvent[]) => ExportedEvent[];
    /** The same forgery, in the SQLite file under the running service. */
    store: (db: StoredLog, events: ExportedEvent[], forged: ExportedEvent[]) => void;
    revision: number;
    ruleId: string;
  }

  const forgeries: Forgery[] = [
    {
      name: 'C-3 a changed face (8: the morale test’s dice)',
      play: zuluCharge,
      forge: (events) => edit(events, 8, (e) => (e.data.roll.faces = [1, 1])),
      store: (db, _, forged) => db.setData(8, forged[7]!.data),
      revision: 8,
      ruleId: 'C-3',
    },
    {
      name: 'HH-3 a changed outcome with the hash chain recomputed (8: reform made retreat)',
      play: zuluCharge,
      forge: (events) => edit(events, 8, (e) => (e.data.outcome = 'retreat'), { rechain: true }),
      store: (db, _, forged) => db.overwrite(forged),
      revision: 8,
      ruleId: 'HH-3',
    },
    {
      name: 'HH-7 a changed impact with the hash chain recomputed (7: impact 4 made 5)',
      play: zuluCharge,
      forge: (events) =>
        edit(
          events,
          7,
          (e) => {
            e.data.impact = 5;
            e.data.total = 5;
          },
          { rechain: true },
        ),
      store: (db, _, forged) => db.overwrite(forged),
      revision: 7,
      ruleId: 'HH-7',
    },
    {
      name: 'C-3 a removed event (5: the willpower test)',
      play: zuluCharge,
      forge: (events) => remove(events, 5),
      store: (db) => db.delete(5),
      revision: 5,
      ruleId: 'C-3',
    },
    {
      name: 'C-3 two events swapped (7 and 8)',
      play: zuluCharge,
      forge: (events) => swap(events, 7, 8),
      store: (db) => db.swap(7, 8),
      revision: 7,
      ruleId: 'C-3',
    },
    {
      name: 'AA-2 a forged reveal with the hash chain recomputed (12: 7♠ revealed as 7♥)',
      play: closeCombat,
      forge: (events) =>
        edit(events, 12, (e) => (e.data.card = { rank: '7', suit: 'hearts' }), { rechain: true }),
      store: (db, _, forged) => db.overwrite(forged),
      revision: 12,
      ruleId: 'AA-2',
    },
    {
      name: 'C-2 a changed server face with the hash chain recomputed, after the seed is revealed (5)',
      play: async () => {
        const m = await serverShooting();
        await m.organiser.command(at(m, 'end'), { winner: 'draw' });
        return m;
      },
      forge: (events) =>
        edit(events, 5, (e) => (e.data.roll.faces = e.data.roll.faces.map((f: number) => (f % 6) + 1)), {
          rechain: true,
        }),
      store: (db, _, forged) => db.overwrite(forged),
      revision: 5,
      ruleId: 'C-2',
    },
  ];

  it.each(forgeries.map((f) => [f.name, f] as const))(
    '%s is caught by the route and by the CLI, naming the event and the rule',
    async (_, forgery) => {
      const m = await forgery.play();
      const events = await exportOf(m);
      const forged = forgery.forge(events);

      const db = new StoredLog(t.dataDir, m.matchId);
      try {
        forgery.store(db, events, forged);
      } finally {
        db.close();
      }
      // The service now reads back exactly the forged log.
      expect(await exportOf(m)).toEqual(forged);

      const report = await verify(m);
      expect(report.ok).toBe(false);
      expect(report.firstDiscrepancy).toMatchObject({ revision: forgery.revision, ruleId: forgery.ruleId });

      const run = await umpire('verify', exportFile(`forged-${m.matchId}`, forged));
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        `FAILED: the first discrepancy is at event ${forgery.revision}, rule ${forgery.ruleId}: ${report.firstDiscrepancy.message}`,
      );
    },
  );

  it('C-3 a signed checkpoint kept by a player catches a log rewritten later with its whole chain recomputed', async () => {
    const m = await zuluCharge();
    // The public key needs no API key; the checkpoint does.
    const key = await request(t.url).get('/audit/public-key').expect(200);
    expect(key.body).toMatchObject({ algorithm: 'Ed25519', keyId: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(key.body.pem).toContain('BEGIN PUBLIC KEY');
    expect(key.body.jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    expect((await request(t.url).get(at(m, 'checkpoint'))).status).toBe(401);

    const kept = await m.B.get(at(m, 'checkpoint'));
    expect(kept.status).toBe(200);
    const events = await exportOf(m);
    expect(kept.body).toEqual({
      checkpoint: {
        stream: `match-${m.matchId}`,
        revision: 10,
        hash: events[9]!.metadata.hash,
        signedAt: expect.any(String),
      },
      algorithm: 'Ed25519',
      keyId: key.body.keyId,
      signature: expect.any(String),
    });

    // Play goes on; the checkpoint still holds.
    await m.A.command(at(m, 'end-turn'));
    const holds = await m.judge.post(at(m, 'verify'), { checkpoints: [kept.body] });
    expect(holds.status).toBe(200);
    expect(holds.body).toMatchObject({
      ok: true,
      checked: { checkpoints: { ok: true, checked: [{ revision: 10, signature: 'valid', matches: true }] } },
    });

    // Someone with the disk renames a unit in event 2 and recomputes every hash after it.
    const forged = renameConsistently(await exportOf(m), 2, 'Zulu impi');
    const db = new StoredLog(t.dataDir, m.matchId);
    try {
      db.overwrite(forged);
    } finally {
      db.close();
    }
    // Nothing else can tell: the chain is whole and every outcome follows from the facts.
    expect(await verify(m)).toMatchObject({ ok: true });
    const caught = await m.judge.post(at(m, 'verify'), { checkpoints: [kept.body] });
    expect(caught.body.ok).toBe(false);
    expect(caught.body.firstDiscrepancy).toMatchObject({ revision: 10, ruleId: 'C-3', check: 'checkpoints' });

    // Offline, the same: the player's checkpoint file and the published key.
    const checkpoint = join(dir, `checkpoint-${m.matchId}.json`);
    const publicKey = join(dir, `key-${m.matchId}.json`);
    writeFileSync(checkpoint, JSON.stringify(kept.body));
    writeFileSync(publicKey, JSON.stringify(key.body));
    const file = exportFile(`rewritten-${m.matchId}`, forged);
    const [alone, withCheckpoint] = await Promise.all([
      umpire('verify', file, '--allow-unsigned'),
      umpire('verify', file, '--checkpoint', checkpoint, '--public-key', publicKey),
    ]);
    expect(alone.code).toBe(0);
    expect(withCheckpoint.code).toBe(1);
    expect(withCheckpoint.stdout).toContain('FAILED: the first discrepancy is at event 10, rule C-3');

    // A checkpoint altered by hand fails its signature.
    const altered = {
      ...kept.body,
      checkpoint: { ...kept.body.checkpoint, revision: 9, hash: forged[8]!.metadata.hash },
    };
    const refused = await m.judge.post(at(m, 'verify'), { checkpoints: [altered] });
    expect(refused.body.checked.checkpoints.checked[0]).toMatchObject({
      signature: 'invalid',
      matches: true,
    });
    expect(refused.body.firstDiscrepancy).toMatchObject({ revision: 9, ruleId: 'C-3' });
  });

  it('C-3 the service signs no checkpoint of a broken chain', async () => {
    const m = await zuluCharge();
    const db = new StoredLog(t.dataDir, m.matchId);
    try {
      db.delete(4);
    } finally {
      db.close();
    }
    const reply = await m.judge.get(at(m, 'checkpoint'));
    expect(reply.status).toBe(409);
    expect(reply.body.detail).toContain('breaks at event 4');
  });

  it('C-2 server rolls cannot be checked until the seed is revealed; then every one is its HMAC derivation', async () => {
    const m = await serverShooting();
    expect((await verify(m)).checked.serverRolls).toMatchObject({
      ok: true,
      status: 'pending-seed',
      rolls: 3,
      verified: 0,
      seedRevealed: false,
      message: expect.stringContaining('cannot be checked yet'),
    });
    await m.organiser.command(at(m, 'end'), { winner: 'A' });
    const report = await verify(m);
    expect(report.ok).toBe(true);
    expect(report.checked.serverRolls).toMatchObject({
      status: 'verified',
      rolls: 3,
      verified: 3,
      seedRevealed: true,
    });
  });

  it('the routes are in the OpenAPI document', async () => {
    const doc = await request(t.url).get('/docs-json').expect(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/matches/{id}/export',
        '/matches/{id}/verify',
        '/matches/{id}/checkpoint',
        '/audit/public-key',
      ]),
    );
    expect(doc.body.paths['/audit/public-key'].get.security).toBeUndefined();
  });
});
