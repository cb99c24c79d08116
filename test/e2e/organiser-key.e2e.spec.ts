import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.js';
import { KeyRegistry } from '../../src/auth/key-registry.service.js';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import { configFromEnv } from '../../src/config/app-config.js';
import { Caller } from './support/umpire-client.js';

describe('the first organiser key', () => {
  let dataDir: string;
  let app: NestFastifyApplication;
  const log: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'umpire-first-key-'));
    const config = { ...configFromEnv({}), dataDir, host: '127.0.0.1', port: 0 };
    app = await createApp(config, { logDestination: { write: (line) => void log.push(line) } });
    await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is written once to an owner-only file in the data folder, its path logged, the key itself never', async () => {
    const file = join(dataDir, 'organiser-key');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = readFileSync(file, 'utf8').trim();
    expect(token).toMatch(/^umpire_/);
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    expect((await new Caller(url, token).get('/keys')).status).toBe(200);

    const lines = log.join('');
    expect(lines).toContain(file);
    expect(lines).not.toContain(token);
    expect(lines).not.toContain(token.split('_')[2]!);
  });

  it('a configured UMPIRE_ORGANISER_KEY replaces it: the generated key stops working and its file is removed', async () => {
    const file = join(dataDir, 'organiser-key');
    const generated = readFileSync(file, 'utf8').trim();
    await app.close();
    const configured = randomBytes(32).toString('hex');
    const config = {
      ...configFromEnv({ UMPIRE_ORGANISER_KEY: configured }),
      dataDir,
      host: '127.0.0.1',
      port: 0,
    };
    app = await createApp(config, { logger: false });
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    expect((await new Caller(url, generated).get('/keys')).status).toBe(401);
    expect((await new Caller(url, configured).get('/keys')).status).toBe(200);
    expect(existsSync(file)).toBe(false);
  });
});

describe('a weak organiser key', () => {
  it('is refused however the service is configured, not only from the environment', () => {
    const config = { ...configFromEnv({}), organiserKey: 'organiser' };
    expect(() => new KeyRegistry(new InMemoryEventStore(), config)).toThrow(
      /configured organiser key must be at least 32/,
    );
  });
});
