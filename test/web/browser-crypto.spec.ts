import * as nodeCrypto from 'node:crypto';
import fc from 'fast-check';
import {
  checkpointBytes,
  checkpointSignatureValid,
  publicKeyDocument,
  publicKeyId,
  signCheckpoint,
} from '../../src/audit/checkpoint.js';
import { BrowserBuffer } from '../../packages/verify/src/browser/buffer.js';
import * as browserCrypto from '../../packages/verify/src/browser/node-crypto.js';

/**
 * The browser build of the verifier swaps node:crypto and Buffer for adapters over @noble
 * (packages/verify/src/browser/): every answer the verifier asks of them must be node:crypto's and
 * Buffer's, byte for byte, or a log that verifies on a command line would not in a page. Run here in
 * Node.js, side by side with the real thing.
 */
const text = fc.string({ unit: 'grapheme', maxLength: 200 });
const bytes = fc.uint8Array({ maxLength: 300 });

describe('the browser adapter of node:crypto answers as node:crypto does', () => {
  it('C-3 SHA-256 of texts (UTF-8, astral and combining characters) and bytes, in one or several updates', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(text, bytes), { maxLength: 4 }), (parts) => {
        const ours = browserCrypto.createHash('sha256');
        const node = nodeCrypto.createHash('sha256');
        for (const part of parts) {
          ours.update(part);
          node.update(part);
        }
        expect(ours.digest('hex')).toBe(node.digest('hex'));
      }),
    );
    expect(browserCrypto.createHash('sha256').update('').digest('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('C-3 the one-shot hash the chain walk uses, and digests as bytes and base64', () => {
    fc.assert(
      fc.property(text, text, (prevHash, canonical) => {
        expect(browserCrypto.hash('sha256', prevHash + canonical, 'hex')).toBe(
          nodeCrypto.createHash('sha256').update(prevHash).update(canonical).digest('hex'),
        );
      }),
    );
    const ours = browserCrypto.createHash('sha256').update('Isandlwana').digest();
    const node = nodeCrypto.createHash('sha256').update('Isandlwana').digest();
    expect([...ours]).toEqual([...node]);
    expect(browserCrypto.createHash('sha256').update('Isandlwana').digest('base64')).toBe(
      node.toString('base64'),
    );
  });

  it('C-2 HMAC-SHA256 keyed by a 32-byte seed over the roll message, as server dice are derived', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        text,
        fc.integer({ min: 1, max: 100_000 }),
        (seed, clientSeeds, index) => {
          const message = `${clientSeeds}:${index}`;
          const ours = browserCrypto.createHmac('sha256', BrowserBuffer.from(seed)).update(message).digest();
          const node = nodeCrypto.createHmac('sha256', Buffer.from(seed)).update(message).digest();
          expect([...ours]).toEqual([...node]);
        },
      ),
    );
    // RFC 4231, test case 2: a key shorter than a block.
    expect(
      browserCrypto.createHmac('sha256', 'Jefe').update('what do ya want for nothing?').digest('hex'),
    ).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('refuses a digest it does not implement rather than answering with another', () => {
    expect(() => browserCrypto.createHash('sha1')).toThrow(/sha1/);
    expect(() => browserCrypto.createHmac('sha512', 'k')).toThrow(/sha512/);
  });
});

describe('Ed25519 keys and signatures in the browser adapter', () => {
  const { privateKey, publicKey } = nodeCrypto.generateKeyPairSync('ed25519');
  const document = publicKeyDocument(publicKey);
  const signed = signCheckpoint(
    {
      stream: 'match-isandlwana',
      revision: 9,
      hash: nodeCrypto.createHash('sha256').update('head').digest('hex'),
      signedAt: '2026-11-30T18:00:00.000Z',
    },
    privateKey,
  );
  const signature = (s: string) => Buffer.from(s, 'base64');

  it('C-3 reads the service key from its PEM and its JWK, and exports it as Node does (DER, PEM, JWK, key id)', () => {
    const fromPem = browserCrypto.createPublicKey({ key: document.pem, format: 'pem' });
    const fromJwk = browserCrypto.createPublicKey({ key: document.jwk, format: 'jwk' });
    for (const key of [fromPem, fromJwk]) {
      expect([...key.export({ type: 'spki', format: 'der' })]).toEqual([
        ...publicKey.export({ type: 'spki', format: 'der' }),
      ]);
      expect(key.export({ type: 'spki', format: 'pem' })).toBe(document.pem);
      expect(key.export({ format: 'jwk' })).toEqual(document.jwk);
      expect(key.asymmetricKeyType).toBe('ed25519');
      expect(
        browserCrypto
          .createHash('sha256')
          .update(key.export({ type: 'spki', format: 'der' }))
          .digest('hex'),
      ).toBe(publicKeyId(publicKey));
    }
  });

  it('C-3 verifies a real signed checkpoint as node:crypto does, and refuses it altered or under another key', () => {
    const key = browserCrypto.createPublicKey({ key: document.pem, format: 'pem' });
    const data = checkpointBytes(signed.checkpoint);
    expect(checkpointSignatureValid(signed, publicKey)).toBe(true);
    expect(browserCrypto.verify(null, data, key, signature(signed.signature))).toBe(true);

    const later = checkpointBytes({ ...signed.checkpoint, revision: 10 });
    expect(nodeCrypto.verify(null, later, publicKey, signature(signed.signature))).toBe(false);
    expect(browserCrypto.verify(null, later, key, signature(signed.signature))).toBe(false);

    fc.assert(
      fc.property(fc.integer({ min: 0, max: 63 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const forged = signature(signed.signature);
        forged[at] = forged[at]! ^ flip;
        expect(browserCrypto.verify(null, data, key, forged)).toBe(
          nodeCrypto.verify(null, data, publicKey, forged),
        );
      }),
    );

    const other = nodeCrypto.generateKeyPairSync('ed25519').publicKey;
    const otherKey = browserCrypto.createPublicKey({
      key: other.export({ type: 'spki', format: 'pem' }).toString(),
      format: 'pem',
    });
    expect(browserCrypto.verify(null, data, otherKey, signature(signed.signature))).toBe(false);
  });

  it('refuses a key that is not Ed25519, and any attempt to sign', () => {
    const p256 = nodeCrypto
      .generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    expect(() => browserCrypto.createPublicKey({ key: p256, format: 'pem' })).toThrow(/Ed25519/);
    expect(() =>
      browserCrypto.createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: 'AA' }, format: 'jwk' }),
    ).toThrow(/Ed25519/);
    expect(() => browserCrypto.sign()).toThrow(/verifies only/);
  });
});

describe('the browser Buffer answers as Node’s Buffer does, for the calls the verifier makes', () => {
  it('C-2 bytes from hex, base64, base64url and UTF-8, and back', () => {
    fc.assert(
      fc.property(bytes, (raw) => {
        const node = Buffer.from(raw);
        for (const encoding of ['hex', 'base64', 'base64url', 'utf8'] as const) {
          const written = node.toString(encoding);
          expect(BrowserBuffer.from(raw).toString(encoding)).toBe(written);
          if (encoding !== 'utf8') expect([...BrowserBuffer.from(written, encoding)]).toEqual([...node]);
        }
      }),
    );
    fc.assert(
      fc.property(text, (value) => {
        expect([...BrowserBuffer.from(value, 'utf8')]).toEqual([...Buffer.from(value, 'utf8')]);
        expect(BrowserBuffer.from(value).toString()).toBe(value);
      }),
    );
  });

  it('concat, subarray, copies and equality as sealed orders and the seed checks use them', () => {
    const salt = BrowserBuffer.from('00ff10', 'hex');
    const joined = BrowserBuffer.concat([BrowserBuffer.from([7]), salt]);
    expect(joined.toString('hex')).toBe(
      Buffer.concat([Buffer.from([7]), Buffer.from('00ff10', 'hex')]).toString('hex'),
    );
    expect(BrowserBuffer.from(joined.subarray(1)).toString('hex')).toBe('00ff10');
    const copy = BrowserBuffer.from(salt);
    copy[0] = 1;
    expect(salt[0]).toBe(0);
    expect(BrowserBuffer.isBuffer(joined.subarray(1))).toBe(true);
    expect(joined.subarray(1).equals(salt)).toBe(true);
    expect(() => BrowserBuffer.from('abc', 'hex')).toThrow(/hex/);
  });
});
