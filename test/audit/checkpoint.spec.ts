import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkpointSignatureValid,
  parsePrivateKey,
  parsePublicKey,
  parseSignedCheckpoint,
  publicKeyDocument,
  publicKeyId,
  signCheckpoint,
} from '../../src/audit/checkpoint.js';
import { loadOrCreateSigningKey, SIGNING_KEY_FILE } from '../../src/audit/signing-key.js';
import { configFromEnv } from '../../src/config/app-config.js';

const head = {
  stream: 'match-m1',
  revision: 12,
  hash: 'ab'.repeat(32),
  signedAt: '2026-11-30T09:32:19.000Z',
};

describe('signed checkpoints', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');

  it('C-3 the signature is Ed25519 over the RFC 8785 canonical JSON of { stream, revision, hash, signedAt }', () => {
    const signed = signCheckpoint(head, privateKey);
    // Canonical: keys sorted, no spaces; recomputed here by hand, as any verifier in any language would.
    const canonical = `{"hash":"${head.hash}","revision":12,"signedAt":"${head.signedAt}","stream":"match-m1"}`;
    expect(verify(null, Buffer.from(canonical), publicKey, Buffer.from(signed.signature, 'base64'))).toBe(
      true,
    );
    expect(signed).toMatchObject({ checkpoint: head, algorithm: 'Ed25519', keyId: publicKeyId(publicKey) });
    expect(publicKeyId(publicKey)).toBe(
      createHash('sha256')
        .update(publicKey.export({ type: 'spki', format: 'der' }))
        .digest('hex'),
    );
  });

  it('C-3 any change to the checkpoint, or another key, fails the signature', () => {
    const signed = signCheckpoint(head, privateKey);
    expect(checkpointSignatureValid(signed, publicKey)).toBe(true);
    for (const change of [
      { revision: 13 },
      { hash: 'cd'.repeat(32) },
      { stream: 'match-m2' },
      { signedAt: 'x' },
    ]) {
      expect(checkpointSignatureValid({ ...signed, checkpoint: { ...head, ...change } }, publicKey)).toBe(
        false,
      );
    }
    expect(checkpointSignatureValid(signed, generateKeyPairSync('ed25519').publicKey)).toBe(false);
    expect(checkpointSignatureValid({ ...signed, signature: 'AAAA' }, publicKey)).toBe(false);
  });

  it('the public key reads back from PEM, JWK, or the /audit/public-key document', () => {
    const document = publicKeyDocument(publicKey);
    const id = publicKeyId(publicKey);
    expect(publicKeyId(parsePublicKey(document.pem))).toBe(id);
    expect(publicKeyId(parsePublicKey(JSON.stringify(document.jwk)))).toBe(id);
    expect(publicKeyId(parsePublicKey(JSON.stringify(document)))).toBe(id);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    expect(() => parsePublicKey(rsa.export({ type: 'spki', format: 'pem' }).toString())).toThrow(
      /not an Ed25519 key/,
    );
    expect(() => parsePublicKey('hello')).toThrow(/neither PEM nor JSON/);
  });

  it('a kept checkpoint is read with its shape checked, field by field', () => {
    const signed = signCheckpoint(head, privateKey);
    expect(parseSignedCheckpoint(JSON.parse(JSON.stringify(signed)))).toEqual(signed);
    expect(() => parseSignedCheckpoint({})).toThrow(/checkpoint must be/);
    expect(() => parseSignedCheckpoint({ ...signed, checkpoint: { ...head, revision: 0 } })).toThrow(
      /revision/,
    );
    expect(() => parseSignedCheckpoint({ ...signed, checkpoint: { ...head, hash: 'XY' } })).toThrow(/hash/);
    expect(() => parseSignedCheckpoint({ ...signed, signature: undefined })).toThrow(/signature is missing/);
  });
});

describe('the signing key', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-key-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated on first start into the data folder, mode 0600, and the same key is used after', () => {
    const first = loadOrCreateSigningKey(dir);
    const file = join(dir, SIGNING_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('-----BEGIN PRIVATE KEY-----');
    const again = loadOrCreateSigningKey(dir);
    expect(publicKeyId(createPublicKey(again))).toBe(publicKeyId(createPublicKey(first)));
  });

  it('UMPIRE_SIGNING_KEY gives it as PKCS8 PEM or base64 DER, and then nothing is written', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const der = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const config = configFromEnv({ UMPIRE_SIGNING_KEY: der });
    expect(config.signingKey).toBe(der);
    for (const given of [pem, der]) {
      expect(publicKeyId(createPublicKey(loadOrCreateSigningKey(dir, given)))).toBe(publicKeyId(publicKey));
    }
    expect(() => statSync(join(dir, SIGNING_KEY_FILE))).toThrow();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expect(() => parsePrivateKey(ec.export({ type: 'pkcs8', format: 'pem' }).toString())).toThrow(
      /not an Ed25519 key/,
    );
  });
});
