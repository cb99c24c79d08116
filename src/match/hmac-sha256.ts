/**
 * HMAC-SHA256 (RFC 2104 over FIPS 180-4) for one key and one message prefix, many messages: the server
 * dice of a match (C-2) are HMAC-SHA256(seed, clientSeeds + ":" + n) for n = 1, 2, 3 …, and the
 * verifier derives every one of them again. RFC 2104 is SHA-256((K ^ opad) || SHA-256((K ^ ipad) ||
 * message)); the compression states after the keyed pads and the prefix's whole blocks are computed
 * once, so each message costs the compression of its last block or two and of the outer block, and
 * nothing else: no hash object, no key schedule per roll (node:crypto's createHmac made both, and its
 * Hash.copy() costs more than it saves on such short messages).
 *
 * Plain JavaScript over typed arrays, so the browser build of the verifier runs the same code.
 * test/match/hmac-sha256.spec.ts holds it to node:crypto's createHmac byte for byte.
 */

const BLOCK_BYTES = 64;
const DIGEST_BYTES = 32;

/** FIPS 180-4 §4.2.2: the 64 round constants, eight to a line. */
// prettier-ignore
const ROUND_CONSTANTS = Int32Array.of(
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
);

/** FIPS 180-4 §5.3.3: the initial hash value. */
const INITIAL_STATE = Int32Array.of(
  0x6a09e667,
  0xbb67ae85,
  0x3c6ef372,
  0xa54ff53a,
  0x510e527f,
  0x9b05688c,
  0x1f83d9ab,
  0x5be0cd19,
);

/** FIPS 180-4 §6.2.2: folds the 64-byte block at `offset` of `bytes` into `state`; `w` is scratch. */
function compress(state: Int32Array, bytes: Uint8Array, offset: number, w: Int32Array): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const sum1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const choice = (e & f) ^ (~e & g);
    const t1 = (h + sum1 + choice + ROUND_CONSTANTS[i]! + w[i]!) | 0;
    const sum0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const majority = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + sum0 + majority) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/**
 * FIPS 180-4 §5.1.1: pads the last `length` bytes of a message in `tail` (a buffer with room for the
 * padding: `length` + 72 bytes), `absorbed` bytes of it already folded into `state`, folds them, and
 * writes the digest into `out`.
 */
function finish(
  state: Int32Array,
  absorbed: number,
  tail: Uint8Array,
  length: number,
  w: Int32Array,
  out: Uint8Array,
): void {
  const total = absorbed + length;
  tail[length] = 0x80;
  const padded = Math.ceil((length + 9) / BLOCK_BYTES) * BLOCK_BYTES;
  tail.fill(0, length + 1, padded - 8);
  // The length in bits, big-endian in the last 8 bytes (a match's messages are far below 2^53 bits).
  const bits = total * 8;
  const high = Math.floor(bits / 0x100000000);
  const low = bits >>> 0;
  for (let i = 0; i < 4; i++) {
    tail[padded - 8 + i] = (high >>> (24 - 8 * i)) & 0xff;
    tail[padded - 4 + i] = (low >>> (24 - 8 * i)) & 0xff;
  }
  for (let offset = 0; offset < padded; offset += BLOCK_BYTES) compress(state, tail, offset, w);
  for (let i = 0; i < 8; i++) {
    const word = state[i]!;
    out[i * 4] = word >>> 24;
    out[i * 4 + 1] = (word >>> 16) & 0xff;
    out[i * 4 + 2] = (word >>> 8) & 0xff;
    out[i * 4 + 3] = word & 0xff;
  }
}

const encoder = new TextEncoder();

/** HMAC-SHA256 under one key of messages that all begin with one prefix. */
export class PrefixedHmacSha256 {
  /** The inner hash's state after K ^ ipad and the prefix's whole blocks; the outer's after K ^ opad. */
  private readonly innerState = new Int32Array(8);
  private readonly outerState = new Int32Array(8);
  private readonly innerAbsorbed: number;
  /** The prefix's bytes after its whole blocks. */
  private readonly prefixTail: Uint8Array;
  private readonly state = new Int32Array(8);
  private readonly schedule = new Int32Array(64);
  private tail = new Uint8Array(2 * BLOCK_BYTES);
  private readonly innerDigest = new Uint8Array(DIGEST_BYTES + 72);
  private readonly digest = new Uint8Array(DIGEST_BYTES);

  constructor(key: Uint8Array, prefix: string) {
    // RFC 2104: a key longer than the block is hashed first; a shorter one is padded with zeros.
    let k = key;
    if (k.length > BLOCK_BYTES) {
      const hashed = new Uint8Array(DIGEST_BYTES);
      const state = INITIAL_STATE.slice();
      const tail = new Uint8Array(k.length + 72);
      const whole = Math.floor(k.length / BLOCK_BYTES) * BLOCK_BYTES;
      for (let offset = 0; offset < whole; offset += BLOCK_BYTES) compress(state, k, offset, this.schedule);
      tail.set(k.subarray(whole));
      finish(state, whole, tail, k.length - whole, this.schedule, hashed);
      k = hashed;
    }
    const pads = new Uint8Array(2 * BLOCK_BYTES).fill(0x36, 0, BLOCK_BYTES).fill(0x5c, BLOCK_BYTES);
    for (let i = 0; i < k.length; i++) {
      pads[i]! ^= k[i]!;
      pads[BLOCK_BYTES + i]! ^= k[i]!;
    }
    this.innerState.set(INITIAL_STATE);
    compress(this.innerState, pads, 0, this.schedule);
    this.outerState.set(INITIAL_STATE);
    compress(this.outerState, pads, BLOCK_BYTES, this.schedule);
    const bytes = encoder.encode(prefix);
    const whole = Math.floor(bytes.length / BLOCK_BYTES) * BLOCK_BYTES;
    for (let offset = 0; offset < whole; offset += BLOCK_BYTES)
      compress(this.innerState, bytes, offset, this.schedule);
    this.innerAbsorbed = BLOCK_BYTES + whole;
    this.prefixTail = bytes.slice(whole);
  }

  /**
   * HMAC-SHA256(key, prefix + rest): 32 bytes, in a buffer this object reuses (read them before the
   * next call).
   */
  of(rest: string): Uint8Array {
    let length = this.prefixTail.length;
    const needed = length + rest.length * 3 + 72;
    if (this.tail.length < needed) this.tail = new Uint8Array(needed);
    const tail = this.tail;
    tail.set(this.prefixTail);
    for (let i = 0; i < rest.length; i++) {
      const code = rest.charCodeAt(i);
      if (code > 0x7f) {
        // Not ASCII (never a roll's "n" or "n:k"): UTF-8 in full.
        length =
          this.prefixTail.length + encoder.encodeInto(rest, tail.subarray(this.prefixTail.length)).written;
        break;
      }
      tail[length++] = code;
    }
    this.state.set(this.innerState);
    finish(this.state, this.innerAbsorbed, tail, length, this.schedule, this.innerDigest);
    this.state.set(this.outerState);
    finish(this.state, BLOCK_BYTES, this.innerDigest, DIGEST_BYTES, this.schedule, this.digest);
    return this.digest;
  }
}
