import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The service's secret, from which each match's server seed, its sealed cards' keys, webhook secrets
 * and replayable key tokens are derived. Configured as text (UMPIRE_SERVER_SECRET), as the bytes of a
 * secret file kept anywhere (UMPIRE_SERVER_SECRET_FILE, read into the config at start), or else
 * generated on first start into the data folder (mode 0600); never written into an event. Losing it
 * loses nothing that was recorded, but matches that have not revealed their seed can then never
 * reveal it. Whoever holds both the data folder and this secret can read every sealed card.
 */
export function loadOrCreateServerSecret(dataDir: string, configured?: string | Buffer): Buffer {
  if (Buffer.isBuffer(configured)) return configured;
  if (configured) return Buffer.from(configured, 'utf8');
  return loadOrCreateSecretFile(join(dataDir, 'server-secret'));
}

/**
 * A secret file (hex of 32 random bytes), created owner-only when missing. Two processes starting at
 * once both end with the one that was written first, so both derive the same seeds.
 */
export function loadOrCreateSecretFile(file: string): Buffer {
  if (existsSync(file)) return readSecretFile(file);
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32);
  try {
    writeFileSync(file, secret.toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readSecretFile(file);
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}

function readSecretFile(file: string): Buffer {
  const text = readFileSync(file, 'utf8').trim();
  if (!/^([0-9a-f]{2}){16,}$/i.test(text))
    throw new Error(`${file} must hold the server secret as hex, at least 16 bytes`);
  return Buffer.from(text, 'hex');
}

/** Each match's server seed: HMAC(secret, match id). Stable across restarts, distinct per match. */
export function matchServerSeed(secret: Buffer, matchId: string): Buffer {
  return createHmac('sha256', secret).update(`umpire-match-seed:${matchId}`).digest();
}
