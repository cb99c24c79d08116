import type { ExportToVerify, VerifyWorkerAnswer } from '../../packages/verify/src/verdict';
import { Api, ApiError } from './api';
import { outcomeOf, type VerifyOutcome } from './verify-outcome';

/**
 * The Verify button's work: the match's checkpoint, its export and the service's public key, fetched
 * with the page's key, then the published verifier (packages/verify, the same code as `umpire verify`)
 * run on them in a Web Worker, so that a long match never freezes the page. The page shows only the
 * verdict, never the export's events: what a key may read of a match it reads through the API, which
 * leaves sealed cards out (AA-2).
 */
export type VerifyStep = 'fetching' | 'verifying';

/** A long read is one at a time per key (429 beyond it): the page's own state reads may be running. */
export async function patiently<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (cause) {
      if (!(cause instanceof ApiError) || cause.status !== 429 || attempt >= 10) throw cause;
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    }
  }
}

export async function verifyInBrowser(
  api: Api,
  matchId: string,
  onStep: (step: VerifyStep) => void,
): Promise<VerifyOutcome> {
  const base = `/matches/${encodeURIComponent(matchId)}`;
  onStep('fetching');
  const publicKey = await patiently(() => api.text('/audit/public-key', 'application/json'));
  // The checkpoint before the export: the export then reaches at least as far, and must still hold it.
  const checkpoint = await patiently(() => api.get<unknown>(`${base}/checkpoint`));
  const exportText = await patiently(() => api.text(`${base}/export`, 'application/x-ndjson'));
  onStep('verifying');
  return verifyInWorker({ exportText, checkpoints: [checkpoint], publicKey });
}

/**
 * The published verifier run on texts the page holds, in a Web Worker (loaded only now, so that no
 * page carries the verifier on its first load): a match export or a tournament export alike.
 */
export function verifyInWorker(input: ExportToVerify): Promise<VerifyOutcome> {
  const worker = new Worker(new URL('../../packages/verify/src/browser/verify-worker.ts', import.meta.url), {
    type: 'module',
    name: 'umpire-verify',
  });
  return new Promise<VerifyOutcome>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<VerifyWorkerAnswer>) => {
      try {
        resolve(outcomeOf(data));
      } catch (cause) {
        reject(cause);
      }
    };
    worker.onerror = (event) =>
      reject(new Error(`The verifier did not start: ${event.message || 'worker error'}`));
    worker.postMessage(input);
  }).finally(() => worker.terminate());
}
