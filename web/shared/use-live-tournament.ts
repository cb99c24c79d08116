import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Api } from './api';
import { followTournament, type LiveMode } from './live';

/**
 * What `load` answers, read again whenever the tournament's live feed brings something new (and at
 * once on `refresh`). Reads never overlap: a change that comes during a read is read right after it,
 * so a burst of feed messages (a resumed feed catching up) costs one or two reads, not one a message.
 * The last good answer stays shown while a later one fails.
 */
export function useLiveTournament<T>(
  api: Api,
  tournamentId: string,
  load: () => Promise<T>,
): { data?: T; error?: unknown; mode: LiveMode; refresh: () => void } {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [mode, setMode] = useState<LiveMode>('connecting');
  const loadRef = useRef(load);
  loadRef.current = load;
  const reader = useRef<{ reading: boolean; again: boolean; live: boolean }>({
    reading: false,
    again: false,
    live: true,
  });

  const read = () => {
    const state = reader.current;
    if (state.reading) {
      state.again = true;
      return;
    }
    state.reading = true;
    loadRef
      .current()
      .then(
        (value) => state.live && (setData(value), setError(undefined)),
        (failure: unknown) => state.live && setError(failure),
      )
      .finally(() => {
        state.reading = false;
        if (state.again && state.live) {
          state.again = false;
          read();
        }
      });
  };

  // The page makes its Api afresh each render, with the same key: the feed follows the tournament.
  const apiRef = useRef(api);
  apiRef.current = api;
  useEffect(() => {
    reader.current.live = true;
    read();
    const stop = followTournament(apiRef.current, tournamentId, { onChange: read, onMode: setMode });
    return () => {
      reader.current.live = false;
      stop();
    };
  }, [tournamentId]);

  return { data, error, mode, refresh: read };
}

/** How long after an action its focus is still waited for: a later read is about something else. */
const FOCUS_WAIT_MS = 5_000;

/**
 * Where the keyboard goes once an action's button is gone: a page's action is answered, then the
 * tournament read again, and the read's render may take away the control that was pressed (Check in
 * once checked in, Pair round once paired), which leaves the focus on nothing (the body). Called once
 * the action is recorded with the id of what should take the focus then; after each read that left
 * the focus on nothing, that element (or, when it is not there, `fallbackId`, the page's message)
 * takes it. A focus the reader has moved elsewhere meanwhile is left where it is.
 */
export function useFocusAfterRead(data: unknown, fallbackId: string): (id?: string) => void {
  const pending = useRef<{ id: string; until: number } | undefined>(undefined);
  useLayoutEffect(() => {
    const wanted = pending.current;
    if (!wanted) return;
    if (Date.now() > wanted.until) {
      pending.current = undefined;
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const target = document.getElementById(wanted.id) ?? document.getElementById(fallbackId);
    if (!target) return;
    pending.current = undefined;
    target.focus();
  }, [data]);
  return (id) => {
    pending.current = { id: id ?? fallbackId, until: Date.now() + FOCUS_WAIT_MS };
  };
}
