import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.js';
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
});
