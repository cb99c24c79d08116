import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedTarget } from './webhook-target.js';

/**
 * POSTs a body and answers the status code, without following redirects or reading the answer's
 * body (a receiver's reply is its status). A fresh connection each time (no agent), so shutting down
 * leaves no socket behind. The connection goes to the address the target was checked against, never
 * to one the name resolves to afterwards (DNS rebinding); TLS still verifies the URL's host name.
 */
export function postJson(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<number> {
  const { address, family } = target.address;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise((resolve, reject) => {
    const request = (target.url.protocol === 'https:' ? httpsRequest : httpRequest)(
      target.url,
      {
        method: 'POST',
        agent: false,
        signal,
        lookup: pinned,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (response) => {
        clearTimeout(deadline);
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body);
  });
}
