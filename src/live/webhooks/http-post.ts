import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * POSTs a body and answers the status code, without following redirects or reading the answer's
 * body (a receiver's reply is its status). A fresh connection each time (no agent), so shutting down
 * leaves no socket behind.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        agent: false,
        signal,
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
