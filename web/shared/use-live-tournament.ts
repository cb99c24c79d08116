import { useEffect, useRef, useState } from 'preact/hooks';
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
