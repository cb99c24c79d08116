import { useEffect, useMemo, useState } from 'preact/hooks';
import { Api, ApiError } from '../shared/api';
import { messageOf } from '../shared/live';

interface Summary {
  matchId: string;
  ruleset: { id: string; version: string };
  tournamentId: string | null;
  sides: Record<string, string>;
  status: 'open' | 'ended';
}

interface Row extends Summary {
  disputes: number;
  undoRequests: number;
}

/** How many matches the console reads at once: one page of the list. */
const PAGE = 50;

/**
 * The matches this key may see (its tournament's, if it is bound to one), those with an open dispute
 * or undo request first.
 */
export function MatchList(props: {
  apiKey: string;
  onOpen: (matchId: string) => void;
  onForgetKey: (why?: string) => void;
}) {
  const api = useMemo(() => new Api(props.apiKey), [props.apiKey]);
  const [rows, setRows] = useState<Row[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    void (async () => {
      try {
        const page = await api.get<{ items: Summary[] }>(`/matches?limit=${PAGE}`);
        const read: Row[] = [];
        // One at a time: a key may run only so many reads at once, and tables are still playing.
        for (const item of page.items) {
          const match = await api.get<{ pending?: { disputes?: unknown[]; undoRequests?: unknown[] } }>(
            `/matches/${encodeURIComponent(item.matchId)}`,
          );
          read.push({
            ...item,
            disputes: match.pending?.disputes?.length ?? 0,
            undoRequests: match.pending?.undoRequests?.length ?? 0,
          });
        }
        read.sort(
          (a, b) =>
            b.disputes + b.undoRequests - (a.disputes + a.undoRequests) || a.matchId.localeCompare(b.matchId),
        );
        setRows(read);
      } catch (cause) {
        if (cause instanceof ApiError && cause.status === 401) props.onForgetKey(cause.message);
        else setError(messageOf(cause));
      }
    })();
  }, [api]);

  return (
    <main class="table-page">
      <h1>Judge’s console</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!rows ? (
        <p aria-live="polite">Reading the matches…</p>
      ) : rows.length === 0 ? (
        <p>This key sees no matches.</p>
      ) : (
        <ul class="action-list" aria-label="Matches">
          {rows.map((row) => (
            <li key={row.matchId}>
              <button
                type="button"
                class="action"
                onClick={() => props.onOpen(row.matchId)}
                data-match={row.matchId}
              >
                <strong>{row.matchId}</strong> · {Object.values(row.sides).join(' against ')} · {row.status}
                {row.disputes > 0 && (
                  <span class="badge refused">
                    {row.disputes} open dispute{row.disputes > 1 ? 's' : ''}
                  </span>
                )}
                {row.undoRequests > 0 && (
                  <span class="badge">
                    {row.undoRequests} undo request{row.undoRequests > 1 ? 's' : ''}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p>
        <button type="button" class="quiet" onClick={() => props.onForgetKey()}>
          Forget key
        </button>
      </p>
    </main>
  );
}
