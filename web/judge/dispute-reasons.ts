import type { Api } from '../shared/api';

/**
 * What the players said about a disputed table: the report that was disputed (with its note) and the
 * dispute's reason, as GET /tournaments/:id/rounds/disputed gives them (a judge's or organiser's to read).
 */

export interface TableWords {
  reported?: { outcome: string; by: string; note?: string };
  disputed?: { by: string; reason: string };
}

interface DisputedTable {
  round: number;
  table: number;
  reported: { by: string; outcome: string; note: string | null } | null;
  disputed: { by: string; reason: string };
}

/** The words of each disputed table of the tournament, by `round:table`. */
export async function readTableWords(api: Api, tournamentId: string): Promise<Map<string, TableWords>> {
  const tables = await api.get<DisputedTable[]>(
    `/tournaments/${encodeURIComponent(tournamentId)}/rounds/disputed`,
  );
  return new Map(
    tables.map(({ round, table, reported, disputed }) => [
      `${round}:${table}`,
      {
        ...(reported
          ? {
              reported: {
                by: reported.by,
                outcome: reported.outcome,
                ...(reported.note ? { note: reported.note } : {}),
              },
            }
          : {}),
        disputed,
      },
    ]),
  );
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
