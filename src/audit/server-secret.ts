import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The service's secret, from which each match's server seed is derived. Generated on first start into
 * the data folder (mode 0600) unless configured; never written into an event. Losing it loses nothing
 * that was recorded, but matches that have not revealed their seed can then never reveal it.
 */
export function loadOrCreateServerSecret(dataDir: string, configured?: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = join(dataDir, 'server-secret');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  try {
    writeFileSync(file, secret.toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs, so both derive the same seeds.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}

/** Each match's server seed: HMAC(secret, match id). Stable across restarts, distinct per match. */
export function matchServerSeed(secret: Buffer, matchId: string): Buffer {
  return createHmac('sha256', secret).update(`umpire-match-seed:${matchId}`).digest();
}
