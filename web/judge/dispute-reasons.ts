import type { Api } from '../shared/api';

/**
 * What the players said about a disputed table: the report that was disputed (with its note) and the
 * dispute's reason, as GET /tournaments/:id/rounds/disputed gives them (a judge's or organiser's to read).
 */

export interface TableWords {
  reported?: { outcome: string; by: string; note?: string };
  /** `report`: the disputing player's own report of another result, with its note. */
  disputed?: { by: string; reason: string; report?: { outcome: string; note?: string } };
}

interface DisputedTable {
  round: number;
  table: number;
  reported: { by: string; outcome: string; note: string | null } | null;
  disputed: { by: string; reason: string; report: { outcome: string; note: string | null } | null };
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
        disputed: {
          by: disputed.by,
          reason: disputed.reason,
          ...(disputed.report
            ? {
                report: {
                  outcome: disputed.report.outcome,
                  ...(disputed.report.note ? { note: disputed.report.note } : {}),
                },
              }
            : {}),
        },
      },
    ]),
  );
}

/**
 * The opponent's own report, when that is what disputed the table: as the service records it, or, for a
 * dispute recorded before reports were kept with it, read from its words ("p1 reported side A won, p3
 * reported side B won"). Undefined for a dispute given in words.
 */
export function secondReport(
  disputed: NonNullable<TableWords['disputed']>,
): { by: string; outcome: string; note?: string } | undefined {
  if (disputed.report) return { by: disputed.by, ...disputed.report };
  return reportInWords(disputed.reason);
}

function reportInWords(reason: string): { by: string; outcome: string } | undefined {
  const found = /^(\S+) reported (?:a draw|side [AB] won), (\S+) reported (a draw|side ([AB]) won)$/.exec(
    reason,
  );
  if (!found) return undefined;
  return { by: found[2]!, outcome: found[4] ?? 'draw' };
}
