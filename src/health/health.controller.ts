import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators.js';
import { EVENT_STORE, type EventStore, type StoreHealth } from '../event-store/event-store.port.js';
import { ProjectionRunner } from '../projections/projection-runner.js';
import type { ReadModelState } from '../projections/read-model-status.js';
import { LIVENESS_SCHEMA, READINESS_SCHEMA } from './health.schemas.js';
import { withoutPaths } from './public-error.js';

interface PublicStoreHealth {
  store: StoreHealth['store'];
  status: StoreHealth['status'];
}

export interface ReadModelReadiness {
  name: string;
  state: ReadModelState;
  position: number;
  lag: number | null;
  /** Where it stopped and why (file paths cut out), when it is stuck at an event. */
  failure: { position: number; stream: string; type: string; error: string; since: string } | null;
}

export interface Readiness {
  status: 'ready' | 'not ready';
  store: PublicStoreHealth;
  readModels: ReadModelReadiness[];
}

/**
 * Liveness and readiness, for whoever runs the service (a load balancer, an orchestrator, a person).
 * Both need no key, so neither says anything about the host: no file paths, no connection strings
 * (the store's own detail is left out, and errors are shown without paths).
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly runner: ProjectionRunner,
  ) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Liveness: the service answers, and whether its event store does. Needs no key.',
    description:
      'Answers as soon as the service has started, whatever the read models are doing; readiness is GET /health/ready.',
  })
  @ApiOkResponse({
    description: 'status ok when the store is up, degraded when it is not',
    schema: { ...LIVENESS_SCHEMA, example: { status: 'ok', store: { store: 'sqlite', status: 'up' } } },
  })
  async health(): Promise<{ status: 'ok' | 'degraded'; store: PublicStoreHealth }> {
    const store = await this.publicStore();
    return { status: store.status === 'up' ? 'ok' : 'degraded', store };
  }

  @Get('ready')
  @Public()
  @ApiOperation({
    summary: 'Readiness: the store answers and every read model has caught up with it. Needs no key.',
    description:
      'After a start with a backlog, the read models catch up in the background: until they have, this answers 503 with how far each lags (and Retry-After), and so do the routes they serve. A read model stopped at an event it cannot read says which event and why.',
  })
  @ApiOkResponse({
    description: 'ready',
    schema: {
      ...READINESS_SCHEMA,
      example: {
        status: 'ready',
        store: { store: 'sqlite', status: 'up' },
        readModels: [{ name: 'turn-log', state: 'live', position: 1042, lag: 0, failure: null }],
      },
    },
  })
  @ApiServiceUnavailableResponse({
    description: 'not ready: a read model is catching up or stopped at an event, or the store is down',
    schema: {
      ...READINESS_SCHEMA,
      example: {
        status: 'not ready',
        store: { store: 'sqlite', status: 'up' },
        readModels: [{ name: 'roster', state: 'catching up', position: 52000, lag: 48000, failure: null }],
      },
    },
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    const [store, statuses] = await Promise.all([this.publicStore(), this.runner.measuredStatus()]);
    const ready = store.status === 'up' && statuses.every((s) => s.state === 'live');
    if (!ready) {
      void reply.status(503).header('Retry-After', String(this.runner.retryAfterSeconds(statuses)));
    }
    return {
      status: ready ? 'ready' : 'not ready',
      store,
      readModels: statuses.map((s) => ({
        name: s.name,
        state: s.state,
        position: s.position,
        lag: s.lag,
        failure: s.failure ? { ...s.failure, error: withoutPaths(s.failure.error) } : null,
      })),
    };
  }

  private async publicStore(): Promise<PublicStoreHealth> {
    const { store, status } = await this.store.health();
    return { store, status };
  }
}
