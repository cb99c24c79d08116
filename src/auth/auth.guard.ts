import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import {
  ALLOWED_ROLES,
  type AuthenticatedRequest,
  IS_PUBLIC,
  STREAM_TICKET_FEED,
} from './auth.decorators.js';
import { KeyRegistry } from './key-registry.service.js';
import type { Principal, Role } from './principal.js';
import { SCOPE_CHECK, type ScopeCheck } from './scope-check.js';
import { StreamTickets } from './stream-tickets.js';

/**
 * Bearer keys on every route but the public ones, in one fixed order: the key (401), then its scope
 * (a key bound to a tournament reaches nothing outside it: 404 as for an unknown id, or 403 for a
 * route no bound key may call), then the route's roles (403).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private scope?: ScopeCheck;

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: KeyRegistry,
    private readonly moduleRef: ModuleRef,
    private readonly tickets: StreamTickets,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<FastifyRequest & AuthenticatedRequest>();
    const principal = await this.caller(
      request,
      this.reflector.get(STREAM_TICKET_FEED, context.getHandler()),
    );
    request.principal = principal;

    await this.scopeCheck().check(principal, {
      method: request.method,
      route: request.routeOptions.url ?? '',
      params: (request.params ?? {}) as Record<string, string | undefined>,
    });

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ALLOWED_ROLES, targets);
    if (roles && !roles.includes(principal.role)) {
      throw new ForbiddenException(
        `this route is for ${roles.join(' or ')} keys; this key is a ${principal.role} key`,
      );
    }
    return true;
  }

  /**
   * Who calls: the key of the Authorization header; on a live-feed route without one, the key a stream
   * ticket was issued to, for the feed it names (a ticket elsewhere opens nothing).
   */
  private async caller(
    request: FastifyRequest,
    ticketFeed: 'match' | 'tournament' | undefined,
  ): Promise<Principal> {
    const header = request.headers.authorization;
    const token =
      typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
    if (!token && typeof ticket === 'string') {
      if (!ticketFeed) {
        throw new UnauthorizedException(
          'a stream ticket opens a live feed (GET /matches/:id/stream, GET /tournaments/:id/stream) and nothing else: send Authorization: Bearer <key>',
        );
      }
      const id = (request.params as Record<string, string | undefined>).id ?? '';
      return this.tickets.redeem(ticket, { feed: ticketFeed, id });
    }
    if (!token) throw new UnauthorizedException('an API key is required: Authorization: Bearer <key>');
    const principal = await this.keys.verify(token);
    if (!principal) throw new UnauthorizedException('the API key is not valid');
    return principal;
  }

  /**
   * Looked up once, lazily, as the tournament module provides it. Without it this throws (500): a
   * service wired without the scope check must not let bound keys through.
   */
  private scopeCheck(): ScopeCheck {
    this.scope ??= this.moduleRef.get<ScopeCheck>(SCOPE_CHECK, { strict: false });
    return this.scope;
  }
}
