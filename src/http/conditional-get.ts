import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * RFC 9110 §13.1.2: If-None-Match holds `*` or a list of entity tags, compared weakly (a W/ prefix on
 * either side is ignored). True when the client already holds this representation.
 */
export function ifNoneMatchHolds(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '*') return true;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return text.split(',').some((tag) => opaque(tag) === wanted);
}

/**
 * The build a view is shaped by: the content hash of the sources the build script records beside the
 * compiled service (dist/.build-inputs), the same in every instance of one build and another in the
 * next. Run from the sources there is none, and each process is a build of its own.
 */
const BUILD = ((): string => {
  try {
    return readFileSync(new URL('../../.build-inputs', import.meta.url), 'utf8').split('\n')[0]!;
  } catch {
    return `process ${process.pid} ${Date.now()}`;
  }
})();

/**
 * A weak validator for an answer that is a function of `parts` (with the build that shapes it): the
 * same parts, the same answer, in every instance. Weak, because an answer may carry the instant it was
 * read (`asOf`) where nothing it says has changed.
 */
export function weakETag(parts: readonly (string | number)[]): string {
  const hash = createHash('sha256').update(BUILD);
  for (const part of parts) hash.update(`\n${part}`);
  return `W/"${hash.digest('base64url').slice(0, 32)}"`;
}

interface ConditionalRequest {
  url: string;
  headers: Record<string, string | string[] | undefined>;
}
interface ConditionalReply {
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
  status(code: number): unknown;
}

/**
 * A GET answered with a validator. Browsers keep the answer for this key alone (`private`) and ask
 * again at every read (`no-cache`), sending its ETag back; a shared cache keeps none. `validator` is
 * what the answer is a function of besides the route and its query (which are always part of it), or
 * undefined for an answer that changes with time alone (no ETag: always a 200). When the caller's
 * If-None-Match holds the ETag the reply is a 304 and `answer` is never called: nothing is built.
 */
export function conditionalGet<T>(
  request: ConditionalRequest,
  reply: ConditionalReply,
  validator: readonly (string | number)[] | undefined,
  answer: () => T,
): T | undefined {
  void reply.header('Cache-Control', 'private, no-cache');
  varyByAuthorization(reply);
  if (validator === undefined) return answer();
  const etag = weakETag([request.url, ...validator]);
  void reply.header('ETag', etag);
  if (ifNoneMatchHolds(request.headers['if-none-match'], etag)) {
    void reply.status(304);
    return undefined;
  }
  return answer();
}

/** Adds Authorization to the reply's Vary, keeping what is there (CORS varies by Origin). */
function varyByAuthorization(reply: ConditionalReply): void {
  const vary = reply.getHeader('vary');
  const named = typeof vary === 'string' ? vary.split(',').map((name) => name.trim()) : [];
  if (named.some((name) => name.toLowerCase() === 'authorization' || name === '*')) return;
  void reply.header('Vary', [...named.filter(Boolean), 'Authorization'].join(', '));
}
