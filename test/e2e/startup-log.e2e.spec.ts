import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.js';
import { configFromEnv } from '../../src/config/app-config.js';
import { ORGANISER_KEY } from './support/umpire-client.js';

/** A service started with its settings in order has nothing to warn of: a warning at start is news. */
describe('the log of a start', () => {
  let dataDir: string;
  let app: NestFastifyApplication;
  const log: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'umpire-start-log-'));
    const config = { ...configFromEnv({}), dataDir, host: '127.0.0.1', port: 0, organiserKey: ORGANISER_KEY };
    app = await createApp(config, { logDestination: { write: (line) => void log.push(line) } });
    await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds no warning and no error, the generic command routes included', () => {
    const lines = log.flatMap((chunk) => chunk.split('\n')).filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    const loud = lines
      .map((line) => JSON.parse(line) as { level: number; context?: string; msg: string })
      .filter((entry) => entry.level >= 40)
      .map((entry) => `${entry.context ?? ''}: ${entry.msg.split('\n')[0]}`);
    expect(loud).toEqual([]);
  });
});
