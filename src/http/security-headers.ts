import type { FastifyInstance } from 'fastify';

/**
 * What a page of the service may load: its own scripts, styles and module workers, and calls to its
 * own API; nothing inline (no script, no handler attribute), nothing from elsewhere, and it may not
 * be framed by any page (clickjacking), its own included.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The API documentation page (/docs, Swagger UI as @nestjs/swagger writes it) has its styles inline;
 * its scripts are still its own files only.
 */
const DOCS_PAGE_POLICY = PAGE_POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");

/**
 * Anything else with a body (JSON, CSV, NDJSON, styles): nothing may run from it, nor frame it. An
 * answer without a body type (304, 204) gets none: a browser would lay a 304's policy over the page
 * it revalidates.
 */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every answer, in one place, whoever writes it (a Nest route, the static page
 * files, an error): `nosniff` (a JSON body or an uploaded name is never read as a script or a page),
 * no Referer to anyone (a page's URL may name a match), and on each HTML page its Content-Security-
 * Policy and frame protection (X-Frame-Options for browsers that predate frame-ancestors). Live feeds
 * take the first two from the reply before they write their own head.
 */
export function installSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      const docs =
        request.url === '/docs' || request.url.startsWith('/docs/') || request.url.startsWith('/docs?');
      void reply
        .header('content-security-policy', docs ? DOCS_PAGE_POLICY : PAGE_POLICY)
        .header('x-frame-options', 'DENY');
    } else if (/^(text|application)\/javascript/.test(type)) {
      // A worker runs under the policy its script is served with: the page's own.
      void reply.header('content-security-policy', PAGE_POLICY);
    } else if (type !== '' && !reply.hasHeader('content-security-policy')) {
      void reply.header('content-security-policy', NON_PAGE_POLICY);
    }
    done(null, payload);
  });
}
