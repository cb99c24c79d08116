import { Global, Module } from '@nestjs/common';
import { CheckpointSigner } from './checkpoint-signer.service.js';
import { LongWorkBudget } from './long-work-budget.js';
import { MatchSecrets } from '../match/match-secrets.service.js';

@Global()
@Module({
  providers: [MatchSecrets, CheckpointSigner, LongWorkBudget],
  exports: [MatchSecrets, CheckpointSigner, LongWorkBudget],
})
export class AuditModule {}
