import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { builtPageFolder } from './built-page.js';

/**
 * Serves the pages (web/, built by `npm run build` into dist/web/): the landing page at /, and each page
 * at /<its folder>/ (/watch/ …). The pages are static and hold no data: they call the API with the key
 * the browser holds like any other client, so these files need no key and go around the auth guard
 * (they are not Nest routes, and not in the OpenAPI document).
 */
@Injectable()
export class PageFiles implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // No HTTP adapter in a testing module without a server.
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || typeof fastify.register !== 'function') return;
    const root = builtPageFolder();
    if (!root) {
      // Started from sources without a build: say what to do rather than a bare 404.
      fastify.get('/', async (_request: FastifyRequest, reply: FastifyReply) =>
        reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('The pages are not built: run `npm run build`, then start the service again.\n'),
      );
      return;
    }
    void fastify.register(fastifyStatic, {
      root,
      prefix: '/',
      // One route per built page file, found at start: any other path stays the service's own 404, and
      // the API's routes are never shadowed by a catch-all.
      wildcard: false,
      globIgnore: [`${ASSETS}/**`],
      // Swagger's UI may already have decorated the reply; this plugin needs no decoration of its own.
      decorateReply: false,
      index: 'index.html',
      // The pages name their assets by content hash, and may change with a build: read again each time.
      setHeaders: (reply) => reply.header('cache-control', 'no-cache'),
    });
    // The assets are looked up on disk when asked for, not listed at start: a build made while the
    // service runs gives the pages new assets, and the pages (read again each time) name them at once.
    // Vite names each by its content hash, so an asset never changes.
    void fastify.register(fastifyStatic, {
      root: join(root, ASSETS),
      prefix: `/${ASSETS}/`,
      wildcard: true,
      decorateReply: false,
      index: false,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
    });
    // /watch answers with a redirect to /watch/, whose index.html is the page (the plugin's own redirect
    // cannot serve a root index beside them).
    for (const page of pageFolders(root)) {
      fastify.get(`/${page}`, async (_request: FastifyRequest, reply: FastifyReply) =>
        reply.redirect(`/${page}/`, 301),
      );
    }
  }
}

/** The folder of dist/web/ that holds every page's scripts, styles and images. */
const ASSETS = 'assets';

/** The built pages: each folder of dist/web/ with an index.html (assets/ is none). */
function pageFolders(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'index.html')))
    .map((entry) => entry.name);
}

@Module({ providers: [PageFiles] })
export class PagesModule {}
