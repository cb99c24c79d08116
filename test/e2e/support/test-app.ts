import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../../src/app.js';
import { type AppConfig, configFromEnv } from '../../../src/config/app-config.js';
import { ORGANISER_KEY } from './umpire-client.js';

export interface TestApp {
  app: NestFastifyApplication;
  /** Base URL of the real HTTP server, listening on loopback. */
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real service over real HTTP, on a real SQLite file in a fresh temp folder. `appOptions` are
 * createApp's own (e.g. a fair-queue scheduler a test drives, a webhook resolver, a log destination). Webhooks may reach
 * loopback, where the tests' receivers listen, as a private deployment would allow its own network;
 * nothing else that is not public.
 */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  appOptions: Omit<Parameters<typeof createApp>[1] & object, 'logger'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-e2e-'));
  const config: AppConfig = {
    ...configFromEnv({}),
    dataDir,
    host: '127.0.0.1',
    port: 0,
    sqliteSynchronous: 'NORMAL',
    organiserKey: ORGANISER_KEY,
    webhookAllowedNetworks: ['127.0.0.0/8', '::1/128'],
    ...overrides,
  };
  // Quiet, unless the test reads the log lines.
  const app = await createApp(
    config,
    appOptions.logDestination ? appOptions : { ...appOptions, logger: false },
  );
  await app.listen(0, '127.0.0.1');
  const url = await app.getUrl();
  return {
    app,
    url: url.replace('[::1]', '127.0.0.1'),
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
