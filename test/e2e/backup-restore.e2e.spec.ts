import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { REPO_ROOT, umpire } from '../audit/support/cli.js';
import { buildServiceInto, runNodeWith } from './support/child-service.js';
import { Caller, commandId, ORGANISER_KEY } from './support/umpire-client.js';

/** A port free on loopback now, for a service started as a child process. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The service compiled as `npm run build` compiles it (tsc: Nest's injection needs the decorator
 * metadata that tsx does not emit), into a folder of its own under node_modules so that its imports
 * resolve and no other test's dist/ is touched.
 */
const BUILT = join(REPO_ROOT, 'node_modules', '.cache', 'umpire-backup-e2e');

/** The real service (main.js) as a child process on `dataDir`, answering on loopback. */
async function startService(dataDir: string): Promise<{ child: ChildProcess; url: string; stop(): void }> {
  const port = await freePort();
  const { NODE_OPTIONS: _jestFlags, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(BUILT, 'src', 'main.js')], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      UMPIRE_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      UMPIRE_ORGANISER_KEY: ORGANISER_KEY,
      UMPIRE_LOG_LEVEL: 'silent',
      UMPIRE_WEBHOOK_DISPATCH: 'off',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`the service exited ${child.exitCode}: ${stderr}`);
    const up = await request(url)
      .get('/health/ready')
      .then((r) => r.status === 200)
      .catch(() => false);
    if (up) break;
    if (Date.now() - started > 90_000) throw new Error(`the service did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, url, stop: () => child.kill('SIGKILL') };
}

const unit = (unitId: string, side: 'A' | 'B') => ({ unitId, name: unitId, side, morale: 7, move: 6 });

describe('backup while serving, and restore on another machine', () => {
  let dir: string;
  const services: ChildProcess[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-backup-e2e-'));
    rmSync(BUILT, { recursive: true, force: true });
    await buildServiceInto(BUILT);
  }, 300_000);
  afterAll(() => {
    for (const child of services) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    rmSync(BUILT, { recursive: true, force: true });
  });

  it('C-3 killed mid-play after a backup: the restored service has everything acknowledged before it, verifies every match, and a checkpoint kept after it reports the log cut short', async () => {
    const first = join(dir, 'first');
    const service = await startService(first);
    services.push(service.child);
    const org = new Caller(service.url, ORGANISER_KEY);
    await org.command('/tournaments', { tournamentId: 'cup', name: 'Cup' });
    for (const [matchId, diceMode] of [
      ['table-1', 'table'],
      ['dice-1', 'server'],
    ] as const) {
      await org.command('/matches', {
        matchId,
        ruleset: 'hand-to-hand',
        sides: { A: 'Zulus', B: 'British' },
        diceMode,
      });
    }
    const issued = await org.post('/keys', {
      commandId: 'seat-a',
      role: 'player',
      matchId: 'table-1',
      side: 'A',
    });
    const player = new Caller(service.url, issued.body.token);
    const judge = new Caller(service.url, (await org.post('/keys', { role: 'judge' })).body.token);
    const publicKey = (await org.get('/audit/public-key')).body;

    // Play before the backup: every one acknowledged (201).
    for (let i = 1; i <= 6; i++)
      await org.command('/matches/table-1/units', unit(`u${i}`, i % 2 ? 'A' : 'B'));
    await org.command('/matches/dice-1/units', unit('d1', 'A'));
    const acknowledged = (await org.get('/matches/table-1')).body.revision as number;
    const exportBefore = (
      await request(service.url)
        .get('/matches/table-1/export')
        .set('Authorization', `Bearer ${ORGANISER_KEY}`)
    ).text;

    // The backup, taken by the CLI on the machine while the service serves, and a route's copy.
    const backupFile = join(dir, 'day.umpire');
    const playing = (async () => {
      for (let i = 1; i <= 4; i++) await org.command('/matches/dice-1/units', unit(`during-${i}`, 'B'));
    })();
    const taken = await runNodeWith(['--import', 'tsx', 'src/cli/umpire.ts', 'backup', backupFile], {
      UMPIRE_DATA_DIR: first,
    });
    await playing;
    expect(taken.stderr).toBe('');
    expect(taken.code).toBe(0);
    expect(taken.stdout).toContain('umpire.db');
    expect(taken.stdout).toContain('server-secret');
    expect(taken.stdout).toContain('signing-key.pem');

    // Play goes on after the backup; a player keeps a checkpoint of where it stands.
    for (let i = 7; i <= 9; i++) await org.command('/matches/table-1/units', unit(`u${i}`, 'A'));
    const kept = (await player.get('/matches/table-1/checkpoint')).body;
    expect(kept.checkpoint.revision).toBeGreaterThan(acknowledged);

    // Killed in the middle of play: commands in flight, the process gone at once.
    const inFlight = [10, 11, 12, 13].map((i) =>
      org
        .post('/matches/table-1/units', { commandId: commandId(), ...unit(`u${i}`, 'B') })
        .catch(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    service.stop();
    await Promise.all(inFlight);

    // Another machine: an empty data folder, the backup laid into it, the service started there.
    const second = join(dir, 'second');
    const refused = await runNodeWith(['--import', 'tsx', 'src/cli/umpire.ts', 'restore', backupFile], {
      UMPIRE_DATA_DIR: first,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty');
    const restored = await runNodeWith(['--import', 'tsx', 'src/cli/umpire.ts', 'restore', backupFile], {
      UMPIRE_DATA_DIR: second,
    });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const again = await startService(second);
    services.push(again.child);
    const org2 = new Caller(again.url, ORGANISER_KEY);

    // The same service: its signing key, its keys (a token issued before works; a key issued with a
    // commandId derives the same token again, from the same server secret), its tournaments.
    expect((await org2.get('/audit/public-key')).body).toEqual(publicKey);
    const player2 = new Caller(again.url, issued.body.token);
    expect((await player2.get('/matches/table-1')).status).toBe(200);
    expect(
      (await org2.post('/keys', { commandId: 'seat-a', role: 'player', matchId: 'table-1', side: 'A' })).body
        .token,
    ).toBe(issued.body.token);
    expect((await org2.get('/tournaments/cup')).status).toBe(200);

    // Nothing acknowledged before the backup is lost: the log up to it is the same, line for line.
    const exportAfter = (
      await request(again.url).get('/matches/table-1/export').set('Authorization', `Bearer ${ORGANISER_KEY}`)
    ).text;
    const lines = (text: string) => text.split('\n').filter((l) => l.includes('"type"'));
    expect(lines(exportAfter).slice(0, acknowledged)).toEqual(lines(exportBefore).slice(0, acknowledged));
    const revision = (await org2.get('/matches/table-1')).body.revision as number;
    expect(revision).toBeGreaterThanOrEqual(acknowledged);
    expect(revision).toBeLessThan(kept.checkpoint.revision);

    // Every match verifies on the restored service; the kept checkpoint says the log was cut short.
    const judge2 = new Caller(again.url, judge.token!);
    for (const matchId of ['table-1', 'dice-1']) {
      const report = await judge2.get(`/matches/${matchId}/verify`);
      expect({ matchId, ok: report.body.ok }).toEqual({ matchId, ok: true });
    }
    const withKept = await judge2.post('/matches/table-1/verify', { checkpoints: [kept] });
    expect(withKept.body.ok).toBe(false);
    expect(withKept.body.firstDiscrepancy).toMatchObject({
      revision: kept.checkpoint.revision,
      ruleId: 'C-3',
    });
    // Offline, the same: the export verifies alone, and fails against the kept checkpoint.
    writeFileSync(join(dir, 'restored.ndjson'), exportAfter);
    writeFileSync(join(dir, 'kept.json'), JSON.stringify(kept));
    writeFileSync(join(dir, 'key.json'), JSON.stringify(publicKey));
    const [alone, against] = await Promise.all([
      umpire('verify', join(dir, 'restored.ndjson'), '--public-key', join(dir, 'key.json')),
      umpire(
        'verify',
        join(dir, 'restored.ndjson'),
        '--public-key',
        join(dir, 'key.json'),
        '--checkpoint',
        join(dir, 'kept.json'),
      ),
    ]);
    expect(alone.code).toBe(0);
    expect(against.code).toBe(1);
    expect(against.stdout).toMatch(/NOT in the log|cut short|removed/);
    // And play goes on from the restored state.
    expect(
      (await org2.post('/matches/table-1/units', { commandId: commandId(), ...unit('after', 'A') })).status,
    ).toBe(201);
    again.stop();
  }, 300_000);

  it('the organiser route streams a backup without secrets; a bound key is refused; restore refuses what is not a backup', async () => {
    const dataDir = join(dir, 'route');
    const service = await startService(dataDir);
    services.push(service.child);
    const org = new Caller(service.url, ORGANISER_KEY);
    await org.command('/tournaments', { tournamentId: 'open', name: 'Open' });
    const response = await request(service.url)
      .post('/backup')
      .set('Authorization', `Bearer ${ORGANISER_KEY}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    const body = response.body as Buffer;
    const [magic, manifestLine] = body.subarray(0, 4096).toString('utf8').split('\n');
    expect(magic).toBe('umpire-backup 1');
    const manifest = JSON.parse(manifestLine!);
    expect(manifest.files.map((f: { name: string }) => f.name)).toContain('umpire.db');
    expect(manifest.files.every((f: { secret: boolean }) => !f.secret)).toBe(true);
    expect(manifest.notHeld).toEqual(expect.arrayContaining(['server-secret', 'signing-key.pem']));

    const bound = await org.post('/keys', { role: 'organiser', tournamentId: 'open' });
    expect((await new Caller(service.url, bound.body.token).post('/backup')).status).toBe(403);
    const judge = await org.post('/keys', { role: 'judge' });
    expect((await new Caller(service.url, judge.body.token).post('/backup')).status).toBe(403);
    service.stop();

    // The route's backup restores; a file that is not one, or one altered, is refused and leaves the folder empty.
    writeFileSync(join(dir, 'route.umpire'), body);
    const altered = Buffer.from(body);
    altered[altered.length - 10] = altered[altered.length - 10]! ^ 1;
    writeFileSync(join(dir, 'altered.umpire'), altered);
    writeFileSync(join(dir, 'nothing.umpire'), 'not a backup\n');
    for (const [file, message] of [
      ['nothing.umpire', 'is not an umpire backup'],
      ['altered.umpire', 'does not match its SHA-256'],
    ] as const) {
      const target = join(dir, `restore-${file}`);
      const run = await runNodeWith(['--import', 'tsx', 'src/cli/umpire.ts', 'restore', join(dir, file)], {
        UMPIRE_DATA_DIR: target,
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(message);
      mkdirSync(target, { recursive: true });
      expect(readdirSync(target)).toEqual([]);
    }
    const ok = join(dir, 'restore-route');
    const run = await runNodeWith(
      ['--import', 'tsx', 'src/cli/umpire.ts', 'restore', join(dir, 'route.umpire')],
      { UMPIRE_DATA_DIR: ok },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('not held         server-secret');
    expect(readFileSync(join(ok, 'umpire.db')).subarray(0, 15).toString()).toBe('SQLite format 3');
  }, 300_000);
});
