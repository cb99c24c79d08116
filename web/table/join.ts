import type { Seat } from '../shared/seat-store';

/**
 * The invitation a link carries in its fragment (`#invite=…`), read once and wiped from the address
 * bar and the history at once, before anything is sent: it must not stay where a screenshot, a shared
 * tab or a back button could find it.
 */
export function takeInvitationFromUrl(): string | undefined {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const code = fragment.get('invite')?.trim();
  if (window.location.hash) {
    history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  }
  return code ? code : undefined;
}

export class JoinRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Trades the invitation, once, for the seat's key. */
export async function redeem(code: string): Promise<Seat> {
  const response = await fetch(`/invitations/${encodeURIComponent(code)}/redeem`, {
    method: 'POST',
    headers: { accept: 'application/json, application/problem+json' },
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const detail = typeof body.detail === 'string' ? body.detail : `the service answered ${response.status}`;
    throw new JoinRefused(response.status, detail);
  }
  return {
    token: String(body.token),
    keyId: String(body.keyId),
    matchId: String(body.matchId),
    side: String(body.side),
    ...(typeof body.label === 'string' ? { label: body.label } : {}),
  };
}
