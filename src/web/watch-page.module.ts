import fastifyStatic from '@fastify/static';
import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { builtPageFolder } from './built-page.js';

/** Without its trailing slash, so that /watch redirects to /watch/ (@fastify/static's `redirect`). */
export const WATCH_PREFIX = '/watch';

/**
 * Serves the watch-and-replay page (web/, built by `npm run build`) at /watch/. The page is static and
 * holds no data: it asks for a key and calls the API like any other client, so these files need no
 * key and go around the auth guard (they are not Nest routes, and not in the OpenAPI document).
 */
@Injectable()
export class WatchPageFiles implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // No HTTP adapter in a testing module without a server.
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || typeof fastify.register !== 'function') return;
    const root = builtPageFolder();
    if (!root) {
      // Started from sources without a build: say what to do rather than a bare 404.
      const notBuilt = async (_request: FastifyRequest, reply: FastifyReply) =>
        reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('The watch page is not built: run `npm run build`, then start the service again.\n');
      fastify.get(WATCH_PREFIX, notBuilt);
      fastify.get(`${WATCH_PREFIX}/*`, notBuilt);
      return;
    }
    void fastify.register(fastifyStatic, {
      root,
      prefix: WATCH_PREFIX,
      // Swagger's UI may already have decorated the reply; this plugin needs no decoration of its own.
      decorateReply: false,
      redirect: true,
      index: 'index.html',
      setHeaders: (reply, path) => {
        // Vite names each asset by its content hash, so assets never change; the page itself may.
        reply.header(
          'cache-control',
          path.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
        );
      },
    });
  }
}

@Module({ providers: [WatchPageFiles] })
export class WatchPageModule {}
