import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type JsonWebKey,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import canonicalize from 'canonicalize';
import { isRecord } from '../rules/common/is-record.js';

/**
 * Signed checkpoints (DESIGN.md): the head of a match's hash chain, signed with the service's Ed25519
 * key. A player who keeps one can later prove that the log up to that event was not rewritten: the
 * event at `revision` must still have exactly `hash`. Published so anyone can check one:
 *
 *   signed bytes = RFC 8785 canonical JSON of { stream, revision, hash, signedAt }   (UTF-8)
 *   signature    = base64 of the Ed25519 signature of those bytes
 *   keyId        = hex SHA-256 of the public key's DER (SubjectPublicKeyInfo)
 */
export interface Checkpoint {
  stream: string;
  revision: number;
  hash: string;
  /** ISO-8601 time the service signed it. */
  signedAt: string;
}

export interface SignedCheckpoint {
  checkpoint: Checkpoint;
  algorithm: 'Ed25519';
  keyId: string;
  signature: string;
}

/** The public half, as GET /audit/public-key serves it. */
export interface PublicKeyDocument {
  algorithm: 'Ed25519';
  keyId: string;
  /** SubjectPublicKeyInfo, PEM. */
  pem: string;
  jwk: JsonWebKey;
}

/** The exact bytes a checkpoint's signature covers: only the four fields, whatever else rides along. */
export function checkpointBytes(checkpoint: Checkpoint): Buffer {
  const { stream, revision, hash, signedAt } = checkpoint;
  const canonical = canonicalize({ stream, revision, hash, signedAt });
  if (canonical === undefined) throw new Error('checkpoint is not JSON');
  return Buffer.from(canonical, 'utf8');
}

export function publicKeyId(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

export function signCheckpoint(checkpoint: Checkpoint, privateKey: KeyObject): SignedCheckpoint {
  const publicKey = createPublicKey(privateKey);
  return {
    checkpoint: {
      stream: checkpoint.stream,
      revision: checkpoint.revision,
      hash: checkpoint.hash,
      signedAt: checkpoint.signedAt,
    },
    algorithm: 'Ed25519',
    keyId: publicKeyId(publicKey),
    signature: sign(null, checkpointBytes(checkpoint), privateKey).toString('base64'),
  };
}

export function checkpointSignatureValid(signed: SignedCheckpoint, publicKey: KeyObject): boolean {
  const signature = Buffer.from(signed.signature, 'base64');
  if (signature.length !== 64) return false;
  try {
    return verify(null, checkpointBytes(signed.checkpoint), publicKey, signature);
  } catch {
    return false;
  }
}

export function publicKeyDocument(publicKey: KeyObject): PublicKeyDocument {
  return {
    algorithm: 'Ed25519',
    keyId: publicKeyId(publicKey),
    pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    jwk: publicKey.export({ format: 'jwk' }),
  };
}

function requireEd25519(key: KeyObject, what: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${what} is a ${key.asymmetricKeyType ?? 'symmetric'} key, not an Ed25519 key`);
  }
  return key;
}

/**
 * A private key as UMPIRE_SIGNING_KEY or the key file holds it: PKCS8 as PEM, or its DER in base64.
 */
export function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.startsWith('-----BEGIN')
    ? createPrivateKey({ key: trimmed, format: 'pem' })
    : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  return requireEd25519(key, 'the signing key');
}

/**
 * A public key as a verifier may hold it: PEM (SubjectPublicKeyInfo), a JWK, or the whole document
 * GET /audit/public-key serves.
 */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) {
    return requireEd25519(createPublicKey({ key: trimmed, format: 'pem' }), 'the public key');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    throw new Error('the public key is neither PEM nor JSON (a JWK or the /audit/public-key document)');
  }
  if (!isRecord(parsed)) throw new Error('the public key JSON is not an object');
  if (typeof parsed.pem === 'string') return parsePublicKey(parsed.pem);
  const jwk = isRecord(parsed.jwk) ? parsed.jwk : parsed;
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') {
    throw new Error('the public key JWK is not an Ed25519 key (kty OKP, crv Ed25519, x)');
  }
  return requireEd25519(
    createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' }),
    'the public key',
  );
}

/** Reads a checkpoint someone kept; names what is missing rather than trusting the shape. */
export function parseSignedCheckpoint(value: unknown, where = 'checkpoint'): SignedCheckpoint {
  if (!isRecord(value) || !isRecord(value.checkpoint)) {
    throw new Error(`${where} must be { checkpoint: { stream, revision, hash, signedAt }, signature }`);
  }
  const { stream, revision, hash, signedAt } = value.checkpoint;
  if (typeof stream !== 'string' || stream === '') throw new Error(`${where}.checkpoint.stream is missing`);
  if (typeof revision !== 'number' || !Number.isInteger(revision) || revision < 1) {
    throw new Error(`${where}.checkpoint.revision must be an event number (1 or more)`);
  }
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) {
    throw new Error(`${where}.checkpoint.hash must be 64 lowercase hex digits`);
  }
  if (typeof signedAt !== 'string') throw new Error(`${where}.checkpoint.signedAt is missing`);
  if (typeof value.signature !== 'string' || value.signature === '') {
    throw new Error(`${where}.signature is missing`);
  }
  if (value.algorithm !== undefined && value.algorithm !== 'Ed25519') {
    throw new Error(`${where}.algorithm must be Ed25519`);
  }
  return {
    checkpoint: { stream, revision, hash, signedAt },
    algorithm: 'Ed25519',
    keyId: typeof value.keyId === 'string' ? value.keyId : '',
    signature: value.signature,
  };
}
