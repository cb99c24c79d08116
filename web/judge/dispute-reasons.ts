/**
 * What the players said about a disputed table: the report that was disputed (with its note) and the
 * dispute's reason. The round view holds neither the reason nor the note, so they are read from the
 * tournament's own events, which open its export (a judge's to read): the summary line, then the
 * tournament stream's envelopes, then its checkpoint. Reading stops at that checkpoint, so a
 * refereed tournament's matches are never downloaded for it.
 */

export interface TableWords {
  reported?: { outcome: string; by: string; note?: string };
  disputed?: { by: string; reason: string };
}

interface Envelope {
  type?: string;
  data?: Record<string, unknown>;
  metadata?: { stream?: string };
  checkpoint?: unknown;
}

const at = (round: unknown, table: unknown) => `${String(round)}:${String(table)}`;

/** The words of each table of the tournament, by `round:table`, as its events left them. */
export function wordsFrom(lines: Iterable<Envelope>, tournamentId: string): Map<string, TableWords> {
  const own = `tournament-${tournamentId}`;
  const words = new Map<string, TableWords>();
  for (const line of lines) {
    const data = line.data ?? {};
    const key = at(data.round, data.table);
    switch (line.type) {
      case 'ResultReported':
        words.set(key, {
          reported: {
            outcome: String(data.outcome),
            by: String(data.reportedBy),
            ...(typeof data.note === 'string' ? { note: data.note } : {}),
          },
        });
        break;
      case 'ResultDisputed':
        words.set(key, {
          ...words.get(key),
          disputed: { by: String(data.disputedBy), reason: String(data.reason) },
        });
        break;
      case 'PairingRescheduled': {
        // A pairing moved to another table takes what was said about it along.
        const moved = words.get(key);
        if (moved && typeof data.toTable === 'number') {
          words.delete(key);
          words.set(at(data.round, data.toTable), moved);
        }
        break;
      }
    }
    if (line.metadata?.stream !== undefined && line.metadata.stream !== own) break;
  }
  return words;
}

/** Reads the export's lines up to the tournament stream's checkpoint, then stops the download. */
export async function readTableWords(apiKey: string, tournamentId: string): Promise<Map<string, TableWords>> {
  const response = await fetch(`/tournaments/${encodeURIComponent(tournamentId)}/export`, {
    headers: { authorization: `Bearer ${apiKey}`, accept: 'application/x-ndjson' },
  });
  if (!response.ok || !response.body) throw new Error(`the service answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const lines: Envelope[] = [];
  let rest = '';
  let first = true;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      rest += decoder.decode(value, { stream: !done });
      const parts = rest.split('\n');
      rest = done ? '' : parts.pop()!;
      let over = done;
      for (const part of parts) {
        if (part.trim() === '') continue;
        if (first) {
          first = false; // the summary line
          continue;
        }
        const line = JSON.parse(part) as Envelope;
        if (line.checkpoint !== undefined || line.metadata?.stream !== `tournament-${tournamentId}`) {
          over = true;
          break;
        }
        lines.push(line);
      }
      if (over) break;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return wordsFrom(lines, tournamentId);
}

/**
 * The opponent's own report, when that is what disputed the table: the service words such a dispute
 * "p1 reported side A won, p3 reported side B won". Undefined for a dispute given in words.
 */
export function secondReport(reason: string): { by: string; outcome: string } | undefined {
  const found = /^(\S+) reported (?:a draw|side [AB] won), (\S+) reported (a draw|side ([AB]) won)$/.exec(
    reason,
  );
  if (!found) return undefined;
  return { by: found[2]!, outcome: found[4] ?? 'draw' };
}
