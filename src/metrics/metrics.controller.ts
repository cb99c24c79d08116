import { Controller, ForbiddenException, Get, Inject, Req, Res, UnauthorizedException } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/auth.decorators.js';
import { KeyRegistry } from '../auth/key-registry.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MetricsService } from './metrics.service.js';

/**
 * Prometheus's scrape target. It tells how busy the service is and which rules refuse most, nothing
 * of any match's content; still, by default it takes the organiser key (Prometheus sends one with
 * `authorization: { credentials: … }`). UMPIRE_METRICS_PUBLIC=1 opens it, for a scraper on a private
 * network.
 */
@ApiTags('health')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly keys: KeyRegistry,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'metricsPublic'>,
  ) {}

  @Get()
  @Public()
  @ApiBearerAuth()
  @ApiUnauthorizedResponse({ description: 'No key, or a key that is not valid (problem+json).' })
  @ApiForbiddenResponse({
    description:
      'A key other than the organiser’s (problem+json); no key is needed with UMPIRE_METRICS_PUBLIC=1.',
  })
  @ApiTooManyRequestsResponse({ description: 'Past the rate limit (problem+json).' })
  @ApiProduces('text/plain')
  @ApiOperation({
    summary:
      'Metrics in the Prometheus text format: commands by type and outcome, latency, appends, read-model lag, live feeds, webhook deliveries.',
    description:
      'Needs an organiser key not bound to a tournament, unless the service runs with UMPIRE_METRICS_PUBLIC=1 (then no key at all).',
  })
  @ApiOkResponse({
    description: 'text/plain; version=0.0.4',
    content: {
      'text/plain': {
        schema: { type: 'string' },
        example: 'umpire_commands_total{command="Charge",outcome="accepted",rule=""} 12\n',
      },
    },
  })
  async scrape(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!this.config.metricsPublic) await this.organiserOnly(request);
    void reply.header('content-type', this.metrics.contentType).send(await this.metrics.text());
  }

  /** The AuthGuard's checks, here because the route is public when UMPIRE_METRICS_PUBLIC is set. */
  private async organiserOnly(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new UnauthorizedException('an API key is required: Authorization: Bearer <key>');
    const principal = await this.keys.verify(token);
    if (!principal) throw new UnauthorizedException('the API key is not valid');
    if (principal.role !== 'organiser') {
      throw new ForbiddenException(`this route is for organiser keys; this key is a ${principal.role} key`);
    }
    // The metrics count every tournament's play: a key bound to one tournament sees its own alone.
    if (principal.tournamentId) {
      throw new ForbiddenException(
        'the metrics are the whole service’s: this route is for organiser keys not bound to a tournament',
      );
    }
  }
}
