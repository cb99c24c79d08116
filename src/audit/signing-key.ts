import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePrivateKey } from './checkpoint.js';

export const SIGNING_KEY_FILE = 'signing-key.pem';

/**
 * The service's Ed25519 checkpoint key: UMPIRE_SIGNING_KEY when set, else the PKCS8 PEM file in the data
 * folder beside server-secret (mode 0600), generated on first start. Losing it loses nothing recorded;
 * checkpoints signed with it still verify against its published public key.
 */
export function loadOrCreateSigningKey(dataDir: string, configured?: string): KeyObject {
  if (configured) return parsePrivateKey(configured);
  const file = join(dataDir, SIGNING_KEY_FILE);
  if (existsSync(file)) return parsePrivateKey(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: sign with theirs, so both publish one key.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return parsePrivateKey(readFileSync(file, 'utf8'));
    throw error;
  }
  chmodSync(file, 0o600);
  return createPrivateKey(pem);
}
