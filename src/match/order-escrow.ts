import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for the orders cards the service seals for a side (AA-2). The event holds only this
 * ciphertext and a commitment, so its public hash reveals nothing: a plain card in the event would
 * fall to anyone who hashed the 54 possible cards. The associated data binds the ciphertext to one
 * match, unit and turn, so it cannot be replayed onto another order.
 *
 * GCM does not pad: the ciphertext is as long as the plaintext. Callers must therefore seal plaintexts
 * of one fixed length, or the length alone tells which card it is (see sealed-orders.ts).
 * Format: base64url(iv[12] ‖ tag[16] ‖ ciphertext).
 */
export function sealEscrow(key: Buffer, associated: string, plaintext: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associated, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Throws when the escrow was not sealed with this key for this match, unit and turn. */
export function openEscrow(key: Buffer, associated: string, escrow: string): Buffer {
  const raw = Buffer.from(escrow, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(associated, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}
