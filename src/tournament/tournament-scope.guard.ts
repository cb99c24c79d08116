import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { type AuthenticatedRequest, IS_PUBLIC } from '../auth/auth.decorators.js';
import { KeyRegistry } from '../auth/key-registry.service.js';
import type { Principal } from '../auth/principal.js';
import { TournamentDirectory } from './tournament-directory.js';

/**
 * A key bound to a tournament (judges, spectators) reads and acts only within it: on its own
 * tournament's routes, and on the matches scheduled in it. One guard for every route, the match routes
 * of the other controllers included, so that no route can forget the check.
 *
 * It finds the caller itself rather than relying on the AuthGuard having run first (global guards
 * have no order one can count on); a missing or bad key it leaves to the AuthGuard's 401.
 */
@Injectable()
export class TournamentScopeGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: KeyRegistry,
    private readonly directory: TournamentDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]))
      return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & AuthenticatedRequest>();
    const principal = request.principal ?? (await this.principalOf(request));
    const bound = principal?.tournamentId;
    if (!bound) return true;

    const route = request.routeOptions.url ?? '';
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    if (route.startsWith('/tournaments/:id')) {
      if (params.id !== bound) throw new ForbiddenException(`this key is for tournament ${bound} only`);
    } else if (route.startsWith('/matches/:id')) {
      const schedule = params.id ? await this.directory.scheduleOf(params.id) : undefined;
      if (schedule?.tournamentId !== bound) {
        throw new ForbiddenException(
          `this key is for tournament ${bound}; match ${params.id} is not one of its matches`,
        );
      }
    } else if (route === '/matches' && request.method === 'POST') {
      throw new ForbiddenException(
        `this key is for tournament ${bound}: create its matches with POST /tournaments/${bound}/matches`,
      );
    }
    return true;
  }

  private async principalOf(request: AuthenticatedRequest): Promise<Principal | undefined> {
    const header = request.headers.authorization;
    const token =
      typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    return token ? this.keys.verify(token) : undefined;
  }
}
