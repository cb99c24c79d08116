import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { AuthenticatedRequest } from './auth.decorators.js';

/**
 * How many live feeds each key holds open in this process. An open Server-Sent Events feed costs a
 * connection and a reader for as long as it lasts, so one key (a leaked spectator key, a buggy
 * scoreboard reconnecting in a loop) must not take them all: fair sharing between the tables.
 */
@Injectable()
export class LiveFeedCounter {
  private readonly open = new Map<string, number>();

  /** Counts one more feed for the key, or answers false when it holds `max` already. */
  acquire(keyId: string, max: number): boolean {
    const count = this.open.get(keyId) ?? 0;
    if (count >= max) return false;
    this.open.set(keyId, count + 1);
    return true;
  }

  release(keyId: string): void {
    const count = (this.open.get(keyId) ?? 1) - 1;
    if (count <= 0) this.open.delete(keyId);
    else this.open.set(keyId, count);
  }

  countOf(keyId: string): number {
    return this.open.get(keyId) ?? 0;
  }
}

/**
 * On the live-feed routes: past UMPIRE_SSE_STREAMS_PER_KEY feeds open for the calling key, 429 naming
 * the limit. The feed counts from the moment it is asked for until its response closes, whether the
 * feed ran or was refused, so no count is left behind.
 */
@Injectable()
export class LiveFeedLimit implements NestInterceptor {
  constructor(
    private readonly counter: LiveFeedCounter,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'sseStreamsPerKey'>,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const principal = http.getRequest<AuthenticatedRequest>().principal;
    if (!principal) return next.handle();
    const max = this.config.sseStreamsPerKey;
    if (!this.counter.acquire(principal.keyId, max)) {
      throw new HttpException(
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message: `at most ${max} live feeds may be open at once for one key (UMPIRE_SSE_STREAMS_PER_KEY); close one first`,
        },
        429,
      );
    }
    let released = false;
    http.getResponse<FastifyReply>().raw.once('close', () => {
      if (released) return;
      released = true;
      this.counter.release(principal.keyId);
    });
    return next.handle();
  }
}
