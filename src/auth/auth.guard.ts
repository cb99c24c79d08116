import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ALLOWED_ROLES, type AuthenticatedRequest, IS_PUBLIC } from './auth.decorators.js';
import { KeyRegistry } from './key-registry.service.js';
import type { Role } from './principal.js';

/** Bearer keys on every route but the public ones; then the route's roles, if it names any. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: KeyRegistry,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization;
    const token =
      typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new UnauthorizedException('an API key is required: Authorization: Bearer <key>');
    const principal = await this.keys.verify(token);
    if (!principal) throw new UnauthorizedException('the API key is not valid');
    request.principal = principal;

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ALLOWED_ROLES, targets);
    if (roles && !roles.includes(principal.role)) {
      throw new ForbiddenException(
        `this route is for ${roles.join(' or ')} keys; this key is a ${principal.role} key`,
      );
    }
    return true;
  }
}
