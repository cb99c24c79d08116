import { Logger } from '@nestjs/common';
import { createApp } from './app.js';
import { configFromEnv } from './config/app-config.js';

const config = configFromEnv();
const app = await createApp(config);
await app.listen(config.port, config.host);
new Logger('umpire').log(
  `listening on ${config.host}:${config.port}, store: ${config.eventStoreConnectionString ? 'EventStoreDB' : config.dataDir}`,
);
