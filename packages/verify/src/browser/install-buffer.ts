import { BrowserBuffer } from './buffer.js';

/**
 * Imported first by every browser entry, so that the verifier's sources find `Buffer` as they do in
 * Node.js. It never replaces a real one (Node.js running the browser build keeps its own).
 */
const scope = globalThis as { Buffer?: unknown };
scope.Buffer ??= BrowserBuffer;
