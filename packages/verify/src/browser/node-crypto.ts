import { ed25519 } from '@noble/curves/ed25519.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { BrowserBuffer } from './buffer.js';
import { bytesOfText, textOfBytes, type TextEncoding } from './bytes.js';

/**
 * node:crypto for the browser build of the verifier (vite aliases `node:crypto` to this file, so the
 * verifier's sources stay exactly the service's). Only what they call to verify: SHA-256 and
 * HMAC-SHA256 (@noble/hashes, synchronous as Node's are), Ed25519 public keys from SPKI PEM or JWK,
 * and Ed25519 verification (@noble/curves). Signing is the service's alone: the names exist, so that
 * the verifier's modules load, and throw if called. test/web/browser-crypto.spec.ts holds every answer
 * here against node:crypto's.
 */

/** SubjectPublicKeyInfo DER of an Ed25519 key: this fixed prefix (RFC 8410), then the 32 key bytes. */
const ED25519_SPKI_PREFIX = Uint8Array.of(
  0x30,
  0x2a,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x03,
  0x21,
  0x00,
);
const ED25519_KEY_BYTES = 32;

type BinaryLike = string | Uint8Array;
type DigestEncoding = 'hex' | 'base64' | 'base64url';

function bytesOf(data: BinaryLike, encoding?: TextEncoding): Uint8Array {
  return typeof data === 'string' ? bytesOfText(data, encoding) : data;
}

function unsupported(algorithm: string): never {
  throw new Error(`Digest method not supported in the browser build: ${algorithm} (only sha256)`);
}

interface Hasher {
  update(data: Uint8Array): unknown;
  digest(): Uint8Array;
}

/** Node's Hash and Hmac objects: update as often as wanted, then one digest, as bytes or text. */
class Digest {
  constructor(private readonly hasher: Hasher) {}

  update(data: BinaryLike, encoding?: TextEncoding): this {
    this.hasher.update(bytesOf(data, encoding));
    return this;
  }

  digest(): BrowserBuffer;
  digest(encoding: DigestEncoding): string;
  digest(encoding?: DigestEncoding): BrowserBuffer | string {
    const bytes = this.hasher.digest();
    return encoding ? textOfBytes(bytes, encoding) : BrowserBuffer.from(bytes);
  }
}

export function createHash(algorithm: string): Digest {
  if (algorithm.toLowerCase() !== 'sha256') unsupported(algorithm);
  return new Digest(sha256.create());
}

export function createHmac(algorithm: string, key: BinaryLike): Digest {
  if (algorithm.toLowerCase() !== 'sha256') unsupported(algorithm);
  return new Digest(hmac.create(sha256, bytesOf(key)));
}

/** Node 20.12's one-shot crypto.hash (chain-walk.ts uses it when present). */
export function hash(algorithm: string, data: BinaryLike, encoding: DigestEncoding = 'hex'): string {
  if (algorithm.toLowerCase() !== 'sha256') unsupported(algorithm);
  return textOfBytes(sha256(bytesOf(data)), encoding);
}

export interface JsonWebKey {
  kty?: string;
  crv?: string;
  x?: string;
  [field: string]: unknown;
}

/** An Ed25519 public key, as much of Node's KeyObject as the verifier asks of one. */
export class KeyObject {
  readonly type = 'public';
  readonly asymmetricKeyType = 'ed25519';

  constructor(readonly raw: Uint8Array) {
    if (raw.length !== ED25519_KEY_BYTES) throw new Error('an Ed25519 public key is 32 bytes');
  }

  export(options: { format: 'der'; type: 'spki' }): BrowserBuffer;
  export(options: { format: 'pem'; type: 'spki' }): string;
  export(options: { format: 'jwk' }): JsonWebKey;
  export(options: { format: 'der' | 'pem' | 'jwk'; type?: 'spki' }): BrowserBuffer | string | JsonWebKey {
    const der = BrowserBuffer.concat([ED25519_SPKI_PREFIX, this.raw]);
    switch (options.format) {
      case 'der':
        return der;
      case 'pem':
        return `-----BEGIN PUBLIC KEY-----\n${der.toString('base64')}\n-----END PUBLIC KEY-----\n`;
      case 'jwk':
        return { crv: 'Ed25519', x: textOfBytes(this.raw, 'base64url'), kty: 'OKP' };
    }
  }
}

function rawOfSpki(der: Uint8Array): Uint8Array {
  const prefixed =
    der.length === ED25519_SPKI_PREFIX.length + ED25519_KEY_BYTES &&
    ED25519_SPKI_PREFIX.every((byte, i) => der[i] === byte);
  // Node would read other key types here; the verifier takes Ed25519 keys only and says so.
  if (!prefixed) throw new Error('the public key is not an Ed25519 SubjectPublicKeyInfo');
  return der.subarray(ED25519_SPKI_PREFIX.length);
}

function rawOfPem(pem: string): Uint8Array {
  const body = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----\s*$/.exec(pem.trim());
  if (!body) throw new Error('the public key PEM is not a PUBLIC KEY block');
  return rawOfSpki(bytesOfText(body[1]!, 'base64'));
}

export function createPublicKey(
  input:
    | string
    | { key: string; format: 'pem' }
    | { key: Uint8Array; format: 'der'; type: 'spki' }
    | { key: JsonWebKey; format: 'jwk' },
): KeyObject {
  if (typeof input === 'string') return new KeyObject(rawOfPem(input));
  switch (input.format) {
    case 'pem':
      return new KeyObject(rawOfPem(input.key));
    case 'der':
      return new KeyObject(rawOfSpki(input.key));
    case 'jwk': {
      const { kty, crv, x } = input.key;
      if (kty !== 'OKP' || crv !== 'Ed25519' || typeof x !== 'string') {
        throw new Error('the JWK is not an Ed25519 public key');
      }
      return new KeyObject(bytesOfText(x, 'base64url'));
    }
  }
}

/**
 * crypto.verify(null, data, key, signature) for Ed25519: RFC 8032's strict reading (no ZIP-215
 * leniency), as OpenSSL under Node's does, so both builds accept the same signatures.
 */
export function verify(
  algorithm: null | undefined,
  data: Uint8Array,
  key: KeyObject,
  signature: Uint8Array,
): boolean {
  if (algorithm !== null && algorithm !== undefined) {
    throw new Error('Ed25519 takes no digest algorithm (pass null)');
  }
  if (!(key instanceof KeyObject)) throw new Error('the key is not a public KeyObject of this build');
  return ed25519.verify(signature, data, key.raw, { zip215: false });
}

function signingIsTheServices(): never {
  throw new Error('the browser build verifies only: signing keys stay with the service');
}

export const createPrivateKey = signingIsTheServices;
export const sign = signingIsTheServices;
export const generateKeyPairSync = signingIsTheServices;
