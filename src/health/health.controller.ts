import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators.js';
import { EVENT_STORE, type EventStore, type StoreHealth } from '../event-store/event-store.port.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Which event store is in use and whether it answers. Needs no key.' })
  @ApiOkResponse({
    description: 'status ok when the store is up',
    schema: { example: { status: 'ok', store: { store: 'sqlite', status: 'up' } } },
  })
  async health(): Promise<{ status: 'ok' | 'degraded'; store: StoreHealth }> {
    const store = await this.store.health();
    return { status: store.status === 'up' ? 'ok' : 'degraded', store };
  }
}
