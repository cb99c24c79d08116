import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Principal, Role } from './principal.js';

export const IS_PUBLIC = 'umpire:public';
export const ALLOWED_ROLES = 'umpire:roles';

/** A route that needs no key (health, docs). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Only these roles may call the route (checked by the AuthGuard after the key). */
export const Roles = (...roles: Role[]) => SetMetadata(ALLOWED_ROLES, roles);

export interface AuthenticatedRequest {
  principal?: Principal;
  headers: Record<string, string | string[] | undefined>;
}

/** The caller, as the AuthGuard established it. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without the AuthGuard');
  return principal;
});
