import type { Api } from '../shared/api';
import type { TableWords } from './second-report';

/**
 * What the players said about a disputed table: the report that was disputed (with its note) and the
 * dispute's reason or the second report, as GET /tournaments/:id/rounds/disputed gives them (a judge's
 * or organiser's to read).
 */
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
