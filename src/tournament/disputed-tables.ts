import type { RecordedEvent } from '../event-store/event-store.port.js';
import type { Outcome, TournamentEvent } from '../rules/tournament/events.js';
import type { Tournament } from '../rules/tournament/state.js';

/** A table whose result is disputed, with what each side said, for the judge who decides it. */
export interface DisputedTableView {
  round: number;
  table: number;
  A: { participantId: string; name: string };
  B: { participantId: string; name: string };
  /** The report the dispute is about; null when the table was disputed before anyone reported it. */
  reported: { by: string; outcome: Outcome; note: string | null } | null;
  /** `report`: the disputing participant's own report of another result, with its note (null when they disputed in words). */
  disputed: { by: string; reason: string; report: { outcome: Outcome; note: string | null } | null };
}

/**
 * The tournament's disputed tables, newest round first, each with the report and the dispute as
 * their events recorded them (the folded state keeps neither the note nor the reason). A pairing
 * moved to another table takes what was said about it along.
 */
export function disputedTables(
  state: Tournament,
  events: readonly RecordedEvent<TournamentEvent>[],
): DisputedTableView[] {
  const said = new Map<
    string,
    { reported: DisputedTableView['reported']; disputed?: DisputedTableView['disputed'] }
  >();
  const at = (round: number, table: number) => `${round}:${table}`;
  for (const event of events) {
    switch (event.type) {
      case 'ResultReported': {
        const { round, table, reportedBy, outcome, note } = event.data;
        said.set(at(round, table), { reported: { by: reportedBy, outcome, note: note ?? null } });
        break;
      }
      case 'ResultDisputed': {
        const { round, table, disputedBy, reason, report } = event.data;
        const key = at(round, table);
        const own = report ? { outcome: report.outcome, note: report.note ?? null } : null;
        said.set(key, {
          reported: said.get(key)?.reported ?? null,
          disputed: { by: disputedBy, reason, report: own },
        });
        break;
      }
      case 'PairingRescheduled': {
        const { round, table, toTable } = event.data;
        const moved = said.get(at(round, table));
        if (moved && toTable !== table) {
          said.delete(at(round, table));
          said.set(at(round, toTable), moved);
        }
        break;
      }
    }
  }
  const named = (participantId: string) => ({
    participantId,
    name: state.participants.find((p) => p.participantId === participantId)?.name ?? participantId,
  });
  return [...state.rounds].reverse().flatMap((round) =>
    round.pairings
      .filter((pairing) => pairing.status === 'disputed')
      .flatMap((pairing) => {
        const words = said.get(at(round.round, pairing.table));
        if (!words?.disputed) return [];
        return [
          {
            round: round.round,
            table: pairing.table,
            A: named(pairing.A),
            B: named(pairing.B),
            reported: words.reported,
            disputed: words.disputed,
          },
        ];
      }),
  );
}
