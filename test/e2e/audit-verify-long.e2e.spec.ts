import { longMatch } from '../../bench/verify-match.js';
import { fill } from '../../bench/verify.bench.js';
import { STORE_VERIFY_WORKER_FROM_EVENTS, storeVerifyApart } from '../../src/audit/store-verify-apart.js';
import { verifyMatchLog } from '../../src/audit/verifier.js';
import { EVENT_STORE } from '../../src/event-store/event-store.port.js';
import { SqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store.js';
import { StoredLog } from '../audit/support/stored-log.js';
import { edit } from '../audit/support/tamper.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { organiser } from './support/umpire-client.js';

/**
 * Over real HTTP on a real SQLite file: a match long enough that GET /matches/:id/verify is
 * verified on a worker thread (store-verify-apart.ts) answers what the verifier answers in memory,
 * before and after a row of the file is edited under the running service.
 */
describe('GET /verify of a long stored match (verified on a worker thread)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('C-3 the report over HTTP is the in-memory verifier’s, intact and with an event’s data edited in the file', async () => {
    const { events, matchId } = longMatch(STORE_VERIFY_WORKER_FROM_EVENTS + 100, 'audit-long-1');
    const store = t.app.get<SqliteEventStore>(EVENT_STORE);
    expect(store).toBeInstanceOf(SqliteEventStore);
    fill(store, events);
    // Long enough: the route, asking as it does, gets a worker for this stream.
    expect(storeVerifyApart(store, `match-${matchId}`, events.length, {})).toBeInstanceOf(Function);

    const verify = async () => {
      const reply = await organiser(t).get(`/matches/${matchId}/verify`);
      expect(reply.status).toBe(200);
      return reply.body as unknown;
    };
    const intact = verifyMatchLog(events);
    expect(intact.ok).toBe(true);
    expect(await verify()).toEqual(JSON.parse(JSON.stringify(intact)));

    const data = { forged: true };
    const log = new StoredLog(t.dataDir, matchId);
    try {
      log.setData(2500, data);
    } finally {
      log.close();
    }
    const forged = verifyMatchLog(edit(events, 2500, (e) => (e.data = data)));
    expect(forged.firstDiscrepancy).toMatchObject({ revision: 2500, ruleId: 'C-3' });
    expect(await verify()).toEqual(JSON.parse(JSON.stringify(forged)));
  }, 240_000);
});
