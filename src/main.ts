import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { Logger } from '@nestjs/common';
import { createApp } from './app.js';
import { runInstance } from './cluster/instance.js';
import { runPrimary } from './cluster/primary.js';
import { configFromEnv } from './config/app-config.js';

// Read (and, on a first start, written) here, so that every instance finds the same secrets on disk.
const config = configFromEnv();
if (cluster.isWorker) {
  await runInstance(config);
} else if (config.instances > 1) {
  await runPrimary(config, fileURLToPath(import.meta.url));
} else {
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  new Logger('umpire').log(
    `listening on ${config.host}:${config.port}, store: ${config.eventStoreConnectionString ? 'EventStoreDB' : config.dataDir}`,
  );
}
