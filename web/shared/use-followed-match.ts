import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Api } from './api';
import { followMatch, type LiveMode } from './live';
import { type LogAnswer, type MatchAnswer, type RosterAnswer, standingOf } from './match-view';

/** A match as a page shows it: its answer, its roster and its log, read together. */
export interface FollowedMatch<M extends MatchAnswer> {
  match: M;
  roster: RosterAnswer;
  log: LogAnswer;
}

/**
 * Following one match, as every page that shows a match does: match, roster and log read together
 * (reads never overlap; a revision landing meanwhile reads once more), the live feed from the first
 * revision read until the match ends, and the sentences new since the last read, for a screen reader.
 * `failed` turns a failed read into the words to show (undefined: the page dealt with it itself);
 * `paused` stops following while it holds (a device gone offline).
 */
export function useFollowedMatch<M extends MatchAnswer>(
  api: Api,
  matchId: string,
  failed: (cause: unknown) => string | undefined,
  paused = false,
): {
  current: FollowedMatch<M> | undefined;
  error: string | undefined;
  setError: (error: string | undefined) => void;
  liveMode: LiveMode;
  announcement: string;
  refresh: () => Promise<void>;
} {
  const base = `/matches/${encodeURIComponent(matchId)}`;
  const [current, setCurrent] = useState<FollowedMatch<M>>();
  const [error, setError] = useState<string>();
  const [liveMode, setLiveMode] = useState<LiveMode>('connecting');
  const [announcement, setAnnouncement] = useState('');

  const reading = useRef<{ busy: boolean; again: boolean }>({ busy: false, again: false });
  const lastLog = useRef<number | undefined>(undefined);
  const refresh = useCallback(async () => {
    if (reading.current.busy) {
      reading.current.again = true;
      return;
    }
    reading.current.busy = true;
    try {
      do {
        reading.current.again = false;
        const [match, roster, log] = await Promise.all([
          api.get<M>(base),
          api.get<RosterAnswer>(`${base}/roster`),
          api.get<LogAnswer>(`${base}/log`),
        ]);
        const before = lastLog.current;
        if (before !== undefined) {
          const fresh = log.entries.filter((entry) => entry.revision > before);
          if (fresh.length > 0) setAnnouncement(fresh.map((entry) => entry.sentence).join(' '));
        }
        lastLog.current = log.revision;
        setCurrent({ match, roster, log });
        setError(undefined);
      } while (reading.current.again);
    } catch (cause) {
      const message = failed(cause);
      if (message !== undefined) setError(message);
    } finally {
      reading.current.busy = false;
    }
  }, [api, base, failed]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const latest = current?.match.revision ?? 0;
  const ended = current ? standingOf(current.match.state, current.match).ended : false;
  const following = current !== undefined;
  // Follows from the first revision read; stops for good once the match has ended.
  useEffect(() => {
    if (!following || ended || paused) {
      if (ended) setLiveMode('ended');
      else if (paused) setLiveMode('stopped');
      return;
    }
    return followMatch(api, matchId, latest, {
      onRevision: () => void refresh(),
      onMode: setLiveMode,
      onError: setError,
    });
    // `latest` is left out on purpose: it is only where following starts, a new revision must not restart it.
  }, [api, matchId, following, ended, paused, refresh]);

  return { current, error, setError, liveMode, announcement, refresh };
}
