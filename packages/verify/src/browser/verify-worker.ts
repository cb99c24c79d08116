import './install-buffer.js';
import { answerTo } from '../verify-export.js';
import type { ExportToVerify, VerifyWorkerAnswer } from '../verdict.js';

/**
 * The verifier in a Web Worker: post it an ExportToVerify, it answers one VerifyWorkerAnswer. A long
 * match takes seconds to replay; in a worker the page that asked stays responsive meanwhile. The
 * worker's global scope is typed here by hand, as much as is used: this file is compiled with the
 * verifier's sources, whose types are Node's, not the DOM's.
 */
interface WorkerScope {
  onmessage: ((message: { data: ExportToVerify }) => unknown) | null;
  postMessage(answer: VerifyWorkerAnswer): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.onmessage = async ({ data }) => {
  scope.postMessage(await answerTo(data));
};
