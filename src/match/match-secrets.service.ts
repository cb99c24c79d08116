import { hkdfSync } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { diceCommitment } from './dice-fairness.js';
import { loadOrCreateServerSecret, matchServerSeed } from '../config/server-secret.js';

/**
 * Everything a match keeps secret until its end, derived from the one server secret: the server dice
 * seed (C-2: only its commitment is published before the end) and the key that encrypts the orders
 * cards the service seals on a side's behalf (AA-2).
 */
@Injectable()
export class MatchSecrets {
  private readonly secret: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secret = loadOrCreateServerSecret(config.dataDir, config.serverSecret);
  }

  seed(matchId: string): Buffer {
    return matchServerSeed(this.secret, matchId);
  }

  commitment(matchId: string): string {
    return diceCommitment(this.seed(matchId));
  }

  escrowKey(matchId: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.secret, matchId, 'umpire orders escrow v1', 32));
  }

  /** Keys the fingerprints recorded with commandIds: a command may hold a sealed card (AA-2). */
  fingerprintKey(matchId: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.secret, matchId, 'umpire command fingerprint v1', 32));
  }
}
