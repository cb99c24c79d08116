import type { Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app.js';
import type { AppConfig } from '../config/app-config.js';
import { isHandedConnection, READY } from './messages.js';

/**
 * One instance under a primary (UMPIRE_INSTANCES > 1): the whole service, which does not listen
 * itself. The primary hands it each connection it owns, with the bytes it read to choose it; those go
 * to the HTTP server first, as if just received. It stops when the primary lets go of it (a shutdown).
 */
export async function runInstance(config: AppConfig): Promise<void> {
  const app = await createApp(config);
  await app.init();
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  await fastify.ready();
  process.on('message', (message: unknown, handle: unknown) => {
    if (!isHandedConnection(message) || !handle) return;
    const socket = handle as Socket;
    fastify.server.emit('connection', socket);
    socket.emit('data', Buffer.from(message.head, 'base64'));
    socket.resume();
  });
  let closing = false;
  process.on('disconnect', () => {
    if (closing) return;
    closing = true;
    // A normal exit (not a signal), so that whatever runs at exit (a CPU profile) does.
    void app
      .close()
      .catch((error: unknown) => new Logger('umpire').error(`closing: ${String(error)}`))
      .finally(() => process.exit(0));
  });
  process.send?.(READY);
}
