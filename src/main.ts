import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { configFromEnv } from './config/app-config.js';

// Read (and, on a first start, written) here, so that every instance finds the same secrets on disk.
const config = configFromEnv();
// Imported as needed: the primary of several instances loads none of the service itself.
if (cluster.isWorker) {
  const { runInstance } = await import('./cluster/instance.js');
  await runInstance(config);
} else if (config.instances > 1) {
  const { runPrimary } = await import('./cluster/primary.js');
  await runPrimary(config, fileURLToPath(import.meta.url));
} else {
  const [{ Logger }, { createApp }, { listeningWords }] = await Promise.all([
    import('@nestjs/common'),
    import('./app.js'),
    import('./config/listening-words.js'),
  ]);
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  const logger = new Logger('umpire');
  for (const words of listeningWords(config)) logger.log(words);
}
