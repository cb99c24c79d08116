import { bytesOfText, type TextEncoding, textOfBytes, writeUtf8Into } from './bytes.js';

/**
 * The part of Node's Buffer that the verifier's sources (src/audit, src/match/dice-fairness.ts,
 * src/rules) call, for the browser build: bytes from text and back (utf8, hex, base64), concat, and
 * byte-for-byte equality. A Uint8Array underneath, so the crypto adapter and @noble take it as is.
 * install-buffer.ts puts it where those sources look for it: the global `Buffer`.
 */
class BrowserBytes extends Uint8Array {
  override toString(encoding: TextEncoding = 'utf8'): string {
    return textOfBytes(this, encoding);
  }

  /** A view, as Buffer's is (Uint8Array's species makes it a BrowserBytes; this says so to the types). */
  override subarray(begin?: number, end?: number): BrowserBytes {
    return super.subarray(begin, end) as BrowserBytes;
  }

  /** Text written at `offset` (UTF-8 only: the chain walk writes each link into a reused buffer). */
  write(text: string, offset = 0, encoding: TextEncoding = 'utf8'): number {
    if (encoding !== 'utf8' && encoding !== 'utf-8') throw new Error(`unsupported encoding ${encoding}`);
    return writeUtf8Into(text, this.subarray(offset));
  }

  equals(other: Uint8Array): boolean {
    return this.length === other.length && this.every((byte, i) => byte === other[i]);
  }
}

type BytesSource = string | ArrayLike<number> | ArrayBuffer | Uint8Array;

function from(value: BytesSource, encoding?: TextEncoding): BrowserBytes {
  if (typeof value === 'string') {
    const bytes = bytesOfText(value, encoding);
    return new BrowserBytes(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length);
  }
  if (value instanceof ArrayBuffer) return new BrowserBytes(value);
  // A copy, as Buffer.from(array or Uint8Array) makes.
  const bytes = new BrowserBytes(value.length);
  bytes.set(Array.from(value as ArrayLike<number>));
  return bytes;
}

function concat(list: readonly Uint8Array[]): BrowserBytes {
  const joined = new BrowserBytes(list.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of list) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

function isBuffer(value: unknown): value is BrowserBytes {
  return value instanceof BrowserBytes;
}

function alloc(size: number): BrowserBytes {
  return new BrowserBytes(size);
}

/** Zeroed here, where Node's may hold old bytes: a caller may rely on neither. */
function allocUnsafe(size: number): BrowserBytes {
  return new BrowserBytes(size);
}

export type BrowserBuffer = BrowserBytes;

interface BrowserBufferStatics {
  from: typeof from;
  concat: typeof concat;
  isBuffer: typeof isBuffer;
  alloc: typeof alloc;
  allocUnsafe: typeof allocUnsafe;
}

/**
 * `Buffer` for the browser: the static methods the verifier calls, over BrowserBytes. Its `from`
 * stands in for Uint8Array's, so the statics are typed as Buffer's alone.
 */
export const BrowserBuffer: BrowserBufferStatics = Object.assign(BrowserBytes, {
  from,
  concat,
  isBuffer,
  alloc,
  allocUnsafe,
});
