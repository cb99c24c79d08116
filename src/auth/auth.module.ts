import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard.js';
import { KeyRegistry } from './key-registry.service.js';
import { LiveFeedCounter, LiveFeedLimit } from './live-feed-limit.js';
import { StreamTickets } from './stream-tickets.js';

@Global()
@Module({
  providers: [
    KeyRegistry,
    LiveFeedCounter,
    LiveFeedLimit,
    StreamTickets,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [KeyRegistry, LiveFeedCounter, LiveFeedLimit, StreamTickets],
})
export class AuthModule {}
