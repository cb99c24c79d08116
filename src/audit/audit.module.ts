import { Global, Module } from '@nestjs/common';
import { ServerDiceService } from './server-dice.service.js';

@Global()
@Module({ providers: [ServerDiceService], exports: [ServerDiceService] })
export class AuditModule {}
