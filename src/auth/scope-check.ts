import type { Principal } from './principal.js';

/**
 * The check of a key's tournament scope, run by the AuthGuard right after the key is known and before
 * the route's roles. It is provided by the tournament module (which knows where each match plays);
 * the token lives here so that auth needs no import of it. One guard running both steps in a fixed
 * order makes every refusal the same whichever guard Nest would have run first.
 */
export const SCOPE_CHECK = Symbol('SCOPE_CHECK');

export interface ScopedRequest {
  method: string;
  /** The route's template, e.g. /matches/:id/charges. */
  route: string;
  params: Record<string, string | undefined>;
}

export interface ScopeCheck {
  /** Throws when the key may not reach what the request names. */
  check(principal: Principal, request: ScopedRequest): Promise<void>;
}
