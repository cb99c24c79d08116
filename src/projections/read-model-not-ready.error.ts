import { ServiceUnavailableException } from '@nestjs/common';
import type { ProjectionStatus } from './read-model-status.js';

/**
 * A route served by a read model that has not read the store up to now: 503, never a stale answer
 * presented as current. The Retry-After header is added on the way out (see RetryAfterHook).
 */
export class ReadModelNotReadyError extends ServiceUnavailableException {
  constructor(
    readonly readModels: ProjectionStatus[],
    readonly retryAfterSeconds: number,
  ) {
    super(
      `read model not ready: ${readModels.map(describe).join('; ')}; try again in ${retryAfterSeconds} s`,
    );
  }
}

function describe(status: ProjectionStatus): string {
  if (status.state === 'failed' && status.failure) {
    return `${status.name} stopped at ${status.failure.type} (position ${status.failure.position})`;
  }
  const lag = status.lag === null ? '' : `, ${status.lag} behind the store`;
  return `${status.name} ${status.state} (at position ${status.position}${lag})`;
}
