import { Global, Module } from '@nestjs/common';
import { MatchSecrets } from './match-secrets.service.js';

@Global()
@Module({ providers: [MatchSecrets], exports: [MatchSecrets] })
export class AuditModule {}
