import { createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A bearer token is "umpire_<keyId>_<secret>". Only SHA-256(secret) is stored, so a leaked store
 * leaks no usable key; the key id lets the check find the one hash to compare, in constant time.
 */
const TOKEN = /^umpire_([a-z0-9]{12})_([A-Za-z0-9_-]{32,})$/;

export function newKeyId(): string {
  return randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 12)
    .padEnd(12, '0');
}

export function newToken(keyId: string): { token: string; secretHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `umpire_${keyId}_${secret}`, secretHash: hashSecret(secret) };
}

/**
 * A token whose secret is derived from the server secret and the key id, so that the same issue sent
 * again (same issuing key, same commandId) can answer the same token: only its hash is stored, as for
 * any key, and nobody without the server secret can derive it.
 */
export function derivedToken(serverSecret: Buffer, keyId: string): { token: string; secretHash: string } {
  const secret = Buffer.from(hkdfSync('sha256', serverSecret, keyId, 'umpire key secret v1', 32)).toString(
    'base64url',
  );
  return { token: `umpire_${keyId}_${secret}`, secretHash: hashSecret(secret) };
}

export function parseToken(token: string): { keyId: string; secret: string } | undefined {
  const match = TOKEN.exec(token);
  return match ? { keyId: match[1]!, secret: match[2]! } : undefined;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string, secretHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(secretHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
