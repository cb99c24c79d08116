import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * What `load` answers, asked again every `everyMs` while the page is open (and at once on `refresh`),
 * so the page follows the day. The last good answer stays shown while a later one fails.
 */
export function usePoll<T>(
  load: () => Promise<T>,
  everyMs: number,
): { data?: T; error?: unknown; refresh: () => void } {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    loadRef.current().then(
      (value) => live && (setData(value), setError(undefined)),
      (failure: unknown) => live && setError(failure),
    );
    const timer = setTimeout(() => setTick((n) => n + 1), everyMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [tick, everyMs]);
  return { data, error, refresh: () => setTick((n) => n + 1) };
}
