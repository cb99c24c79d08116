import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Principal, Role } from './principal.js';

export const IS_PUBLIC = 'umpire:public';
export const ALLOWED_ROLES = 'umpire:roles';
export const STREAM_TICKET_FEED = 'umpire:stream-ticket-feed';

/** A route that needs no key (health, docs). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/**
 * A live-feed route that also takes a stream ticket (`?ticket=`) in place of the Authorization header:
 * for the feed of this kind whose id is the route's `:id`. No other route reads a ticket.
 */
export const AcceptsStreamTicket = (feed: 'match' | 'tournament') => SetMetadata(STREAM_TICKET_FEED, feed);

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
