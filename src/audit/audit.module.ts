import { Global, Module } from '@nestjs/common';
import { CheckpointSigner } from './checkpoint-signer.service.js';
import { MatchSecrets } from './match-secrets.service.js';

@Global()
@Module({ providers: [MatchSecrets, CheckpointSigner], exports: [MatchSecrets, CheckpointSigner] })
export class AuditModule {}
