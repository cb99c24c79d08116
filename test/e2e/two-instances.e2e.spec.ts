import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.js';
import { configFromEnv } from '../../src/config/app-config.js';
import type { TestApp } from './support/test-app.js';
import { Caller, ORGANISER_KEY, issueKey, openMatch } from './support/umpire-client.js';

/**
 * Two service instances on one SQLite file, each with its own cached aggregates: what one appends the
 * other must build on (no lost update) and show (no stale answer).
 */
describe('two instances on one SQLite file', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-two-'));
  const apps: NestFastifyApplication[] = [];
  let one: TestApp;
  let two: TestApp;

  async function start(): Promise<TestApp> {
    const config = {
      ...configFromEnv({}),
      dataDir,
      host: '127.0.0.1',
      port: 0,
      sqliteSynchronous: 'NORMAL' as const,
      organiserKey: ORGANISER_KEY,
      webhookDispatch: false,
    };
    const app = await createApp(config, { logger: false });
    await app.listen(0, '127.0.0.1');
    apps.push(app);
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    return { app, url, dataDir, close: () => app.close() };
  }

  beforeAll(async () => {
    one = await start();
    two = await start();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('C-3 commands sent alternately and at once through both instances all land, and both answer the same state', async () => {
    const m = await openMatch(one, { matchId: 'shared', ruleset: 'hand-to-hand' });
    const viaTwo = new Caller(two.url, ORGANISER_KEY);
    // both instances hold the match folded before the race
    expect((await viaTwo.get('/matches/shared')).status).toBe(200);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? m.organiser : viaTwo).command('/matches/shared/units', {
          unitId: `u${i}`,
          name: `u${i}`,
          side: i % 2 === 0 ? 'A' : 'B',
          morale: 8,
          move: 6,
        }),
      ),
    );
    const [a, b] = await Promise.all([m.organiser.get('/matches/shared'), viaTwo.get('/matches/shared')]);
    expect(a.body.revision).toBe(31);
    expect(b.body).toEqual(a.body);
    expect(Object.keys(a.body.state.units)).toHaveLength(30);
  });

  it('C-3 a player command through one instance is seen at once by the other, and the next builds on it', async () => {
    const m = await openMatch(one, { matchId: 'turns', ruleset: 'hand-to-hand' });
    const B2 = await issueKey(two, { role: 'player', matchId: 'turns', side: 'B' });
    await m.organiser.command('/matches/turns/units', {
      unitId: 'a',
      name: 'a',
      side: 'A',
      morale: 8,
      move: 6,
    });
    await new Caller(two.url, ORGANISER_KEY).get('/matches/turns'); // the second instance caches turn 1
    await m.A.command('/matches/turns/end-turn');
    // B's end of turn goes through the instance that last saw turn 1: it must decide on turn 2
    const reply = await B2.command('/matches/turns/end-turn');
    expect(reply.body.state.turn).toBe(3);
    expect((await m.organiser.get('/matches/turns')).body.state.turn).toBe(3);
  });
});
