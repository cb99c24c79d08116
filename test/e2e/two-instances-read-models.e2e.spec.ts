import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.js';
import { configFromEnv } from '../../src/config/app-config.js';
import { ProjectionRunner } from '../../src/projections/projection-runner.js';
import type { TestApp } from './support/test-app.js';
import { Caller, ORGANISER_KEY, openMatch } from './support/umpire-client.js';

/**
 * Two instances on one data folder as UMPIRE_INSTANCES runs them: the first keeps the read models,
 * the second (UMPIRE_PROJECT_READ_MODELS=off) answers their routes from projections.db. What either
 * writes, the second's read-model routes show at once, as the first's do.
 */
describe('two instances, one of which keeps the read models', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-two-rm-'));
  const apps: NestFastifyApplication[] = [];
  let keeper: TestApp;
  let reader: TestApp;

  async function start(projectReadModels: boolean): Promise<TestApp> {
    const config = {
      ...configFromEnv({}),
      dataDir,
      host: '127.0.0.1',
      port: 0,
      sqliteSynchronous: 'NORMAL' as const,
      organiserKey: ORGANISER_KEY,
      instances: 2,
      webhookDispatch: projectReadModels,
      projectReadModels,
    };
    const app = await createApp(config, { logger: false });
    await app.listen(0, '127.0.0.1');
    apps.push(app);
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    return { app, url, dataDir, close: () => app.close() };
  }

  const unit = (unitId: string, side: 'A' | 'B') => ({ unitId, name: unitId, side, morale: 8, move: 6 });

  beforeAll(async () => {
    keeper = await start(true);
    reader = await start(false);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("C-3 a match created and played through the keeping instance is in the other's list, log and roster right after", async () => {
    const viaReader = new Caller(reader.url, ORGANISER_KEY);
    for (let i = 0; i < 5; i++) {
      const m = await openMatch(keeper, { matchId: `kept-${i}`, ruleset: 'hand-to-hand' });
      await m.organiser.command(`/matches/kept-${i}/units`, unit(`a${i}`, 'A'));
      // No pause: the reader must wait for the keeper's checkpoint, not answer what it holds.
      const [list, log, roster] = await Promise.all([
        viaReader.get('/matches?limit=100'),
        viaReader.get(`/matches/kept-${i}/log`),
        viaReader.get(`/matches/kept-${i}/roster`),
      ]);
      expect(list.status).toBe(200);
      expect(list.body.items.map((s: { matchId: string }) => s.matchId)).toContain(`kept-${i}`);
      expect(log.status).toBe(200);
      expect(log.body.revision).toBe(2);
      expect(log.body.entries.map((e: { type: string }) => e.type)).toContain('UnitRegistered');
      expect(roster.status).toBe(200);
      expect(roster.body.units.map((u: { unitId: string }) => u.unitId)).toEqual([`a${i}`]);
    }
  });

  it('C-3 a write through the instance that does not keep the read models is in its own read-model routes right after', async () => {
    const m = await openMatch(reader, { matchId: 'read-own', ruleset: 'hand-to-hand' });
    for (let i = 0; i < 5; i++) {
      await m.organiser.command('/matches/read-own/units', unit(`u${i}`, i % 2 === 0 ? 'A' : 'B'));
      const roster = await m.organiser.get('/matches/read-own/roster');
      expect(roster.status).toBe(200);
      expect(roster.body.revision).toBe(i + 2);
      expect(roster.body.units).toHaveLength(i + 1);
    }
    const log = await new Caller(keeper.url, ORGANISER_KEY).get('/matches/read-own/log');
    expect(log.body.revision).toBe(6);
  });

  it("given the reading instance, then readiness and the status are the keeping instance's, and only the keeper projects", async () => {
    const keeping = keeper.app.get(ProjectionRunner);
    const reading = reader.app.get(ProjectionRunner);
    expect(keeping.project).toBe(true);
    expect(reading.project).toBe(false);
    expect(await keeping.caughtUp()).toBe(true);
    expect(await reading.caughtUp()).toBe(true);
    const ready = await new Caller(reader.url, undefined).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    const [here, there] = await Promise.all([
      new Caller(reader.url, ORGANISER_KEY).get('/projections'),
      new Caller(keeper.url, ORGANISER_KEY).get('/projections'),
    ]);
    expect(here.status).toBe(200);
    const brief = (rows: { name: string; state: string; position: number }[]) =>
      rows.map(({ name, state, position }) => ({ name, state, position }));
    expect(brief(here.body)).toEqual(brief(there.body));
    expect(here.body.every((s: { state: string }) => s.state === 'live')).toBe(true);
  });

  it('given the reading instance, then a rebuild there is refused (409) naming the setting, and the keeper rebuilds', async () => {
    const refused = await new Caller(reader.url, ORGANISER_KEY).post('/projections/roster/rebuild');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('UMPIRE_PROJECT_READ_MODELS');
    const rebuilt = await new Caller(keeper.url, ORGANISER_KEY).post('/projections/roster/rebuild');
    expect(rebuilt.status).toBe(201);
    expect(rebuilt.body.state).toBe('live');
    const roster = await new Caller(reader.url, ORGANISER_KEY).get('/matches/read-own/roster');
    expect(roster.status).toBe(200);
    expect(roster.body.units).toHaveLength(5);
  });
});
