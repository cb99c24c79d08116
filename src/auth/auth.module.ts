import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard.js';
import { KeyRegistry } from './key-registry.service.js';

@Global()
@Module({
  providers: [KeyRegistry, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [KeyRegistry],
})
export class AuthModule {}
