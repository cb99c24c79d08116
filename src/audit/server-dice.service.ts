import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { diceCommitment } from './dice-fairness.js';
import { loadOrCreateServerSecret, matchServerSeed } from './server-secret.js';

/** Hands out each match's server seed and its commitment (C-2); the seed itself stays in memory. */
@Injectable()
export class ServerDiceService {
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
}
