import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_CONTENT_TYPE, problem } from './problem-details.js';

/** What the router refused a request for, kept on the request while it goes round again. */
const ROUTER_REFUSAL = Symbol('umpire:router-refusal');
/** A path no route has: a refused request goes round again through it, as an unknown route would. */
const REFUSED_PATH = '/.refused-by-router';

interface RouterRefusal {
  status: number;
  detail: string;
  /** The path as the client sent it (never its query string, which may hold a stream ticket). */
  path: string;
}

type RefusedRequest = IncomingMessage & { [ROUTER_REFUSAL]?: RouterRefusal };

/**
 * Fastify's router answers a path it cannot read (bad percent-encoding, 400) or a path parameter
 * over its length limit (414) on its own, before any hook runs: plain JSON without the request id,
 * CORS or rate-limit headers and no log line. This takes those refusals (Fastify's frameworkErrors
 * option) and sends the request round again, marked, as an unknown route: every hook runs as for
 * any request (request id, CORS, rate limit, security headers, the log line), and the answer is
 * written by answerRefusedRoutes, as problem+json.
 */
export function routerRefusals(server: () => FastifyInstance | undefined) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const raw = request.raw as RefusedRequest;
    const path = pathOnly(raw.url ?? '');
    raw[ROUTER_REFUSAL] =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? { status: 414, detail: 'a path segment is longer than any id this API gives out', path }
        : { status: 400, detail: 'the path is not valid: a percent-encoding in it is malformed', path };
    raw.url = REFUSED_PATH;
    const instance = server();
    if (instance) instance.routing(raw, reply.raw as ServerResponse);
    else void reply.code(raw[ROUTER_REFUSAL].status).send();
  };
}

/**
 * Answers, after the request id, CORS and rate-limit hooks: a request the router refused (see
 * routerRefusals), and a request for no route at all (404), saying which method and path without
 * echoing the query string. Installed after those hooks, so that these answers carry their headers.
 */
export function answerRefusedRoutes(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const refusal = (request.raw as RefusedRequest)[ROUTER_REFUSAL];
    if (refusal) {
      void reply
        .code(refusal.status)
        .header('content-type', PROBLEM_CONTENT_TYPE)
        .send(JSON.stringify(problem(refusal.status, refusal.detail, { field: 'path' })));
      return;
    }
    if (request.is404) {
      const detail = `no route answers ${request.method} ${pathOnly(request.url)}`;
      void reply
        .code(404)
        .header('content-type', PROBLEM_CONTENT_TYPE)
        .send(JSON.stringify(problem(404, detail)));
      return;
    }
    done();
  });
}

/** The path a refused request was sent to, for the request log. */
export function refusedPath(raw: IncomingMessage | undefined): string | undefined {
  return (raw as RefusedRequest | undefined)?.[ROUTER_REFUSAL]?.path;
}

function pathOnly(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
