import { useCallback, useEffect, useState } from 'preact/hooks';

/**
 * The match the console shows is in its address (`/judge/?match=ID`), so a reload, or the link sent to
 * another judge, opens that match again; the key never goes there (it stays in the tab's storage).
 */
const PARAM = 'match';

/** Marks the history entry this console pushed to open a match: its Back returns to the list. */
const OPENED_FROM_LIST = 'umpire-judge-opened';

export function matchInUrl(): string | undefined {
  const id = new URLSearchParams(window.location.search).get(PARAM)?.trim();
  return id ? id : undefined;
}

/** This page's address showing `matchId`, or the list when there is none; anything else in it stays. */
export function urlFor(matchId: string | undefined): string {
  const url = new URL(window.location.href);
  if (matchId === undefined) url.searchParams.delete(PARAM);
  else url.searchParams.set(PARAM, matchId);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The open match as the address says it, following the browser's Back and Forward. Opening one adds a
 * history entry; going back to the list from it is that entry's Back, and from a match the page was
 * opened at (a reload, a link) a new entry for the list.
 */
export function useMatchInUrl(): [string | undefined, (matchId: string) => void, () => void] {
  const [matchId, setMatchId] = useState(matchInUrl);
  useEffect(() => {
    const moved = () => setMatchId(matchInUrl());
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  const open = useCallback((id: string) => {
    window.history.pushState({ [OPENED_FROM_LIST]: true }, '', urlFor(id));
    setMatchId(id);
  }, []);
  const back = useCallback(() => {
    const state: unknown = window.history.state;
    if (typeof state === 'object' && state !== null && OPENED_FROM_LIST in state) {
      window.history.back();
      return;
    }
    window.history.pushState(null, '', urlFor(undefined));
    setMatchId(undefined);
  }, []);
  return [matchId, open, back];
}
