import { useState } from 'preact/hooks';
import type { Round } from '../shared/tournament-views';
import { asSent, byeFor, seatLateArrival } from './give-bye';

type Act = (path: string, body: object, done: string) => Promise<boolean>;

interface Seat {
  participantId: string;
  name: string;
}

/** The pairings with two players' places exchanged (at tables or on a bye). */
export function swapped(round: Round, first: string, second: string) {
  const { pairings, byes } = asSent(round);
  const swap = (id: string) => (id === first ? second : id === second ? first : id);
  return {
    pairings: pairings.map((p) => ({ ...p, A: swap(p.A), B: swap(p.B) })),
    byes: byes.map(swap),
  };
}

/**
 * Editing a paired round before it starts: give a player a bye (byeFor says what becomes of the
 * others), seat a late arrival against the bye holder, swap two players, or move a table to another
 * number. The
 * service checks that the edit keeps a valid pairing (nobody twice, nobody left out, no table twice)
 * and refuses it naming the rule otherwise; the refusal shows at the top of the desk.
 */
export function PairingEdit(props: { round: Round; act: Act; lateArrivals: Seat[] }) {
  const { round, act } = props;
  const players: Seat[] = [...round.pairings.flatMap((p) => [p.A, p.B]), ...round.byes];
  const [first, setFirst] = useState(players[0]?.participantId ?? '');
  const [second, setSecond] = useState(players[1]?.participantId ?? '');
  const [table, setTable] = useState(String(round.pairings[0]?.table ?? 1));
  const [to, setTo] = useState('');
  const seated: Seat[] = round.pairings.flatMap((p) => [p.A, p.B]);
  const [byeTo, setByeTo] = useState(seated[0]?.participantId ?? '');
  // The player chosen, or the first seated one when the chosen one has left the tables.
  const byeChoice = seated.some((p) => p.participantId === byeTo) ? byeTo : (seated[0]?.participantId ?? '');
  const bye = byeFor(round, byeChoice);
  const late = props.lateArrivals[0];
  const seatLate = late ? seatLateArrival(round, late) : undefined;
  const [reason, setReason] = useState('changed at the desk');
  const path = `/rounds/${round.round}/pairings`;
  // The table chosen, or the first one when the chosen one has moved away.
  const from = round.pairings.some((p) => String(p.table) === table)
    ? table
    : String(round.pairings[0]?.table ?? '');
  const nameOf = (id: string) => players.find((p) => p.participantId === id)?.name ?? id;
  return (
    <fieldset class="pairing-edit">
      <legend>Edit the pairings (until the round starts)</legend>
      <label>
        Reason for the change
        <input value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </label>
      {seatLate && (
        <div class="row">
          <button
            type="button"
            disabled={reason.trim() === ''}
            onClick={() =>
              act(
                path,
                { pairings: seatLate.pairings, byes: seatLate.byes, reason: reason.trim() },
                seatLate.said,
              )
            }
          >
            Seat {late!.name}
          </button>
          <p class="note" data-testid="late-preview">
            Then: {seatLate.said}
          </p>
        </div>
      )}
      {bye && (
        <div class="row">
          <label>
            Give a bye to
            <select value={byeChoice} onChange={(e) => setByeTo(e.currentTarget.value)}>
              {seated.map((p) => (
                <option key={p.participantId} value={p.participantId}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={reason.trim() === ''}
            onClick={() =>
              act(path, { pairings: bye.pairings, byes: bye.byes, reason: reason.trim() }, bye.said)
            }
          >
            Give a bye
          </button>
          <p class="note" data-testid="bye-preview">
            Then: {bye.said}
          </p>
        </div>
      )}
      <div class="row">
        <label>
          Swap
          <select value={first} onChange={(e) => setFirst(e.currentTarget.value)}>
            {players.map((p) => (
              <option key={p.participantId} value={p.participantId}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          with
          <select value={second} onChange={(e) => setSecond(e.currentTarget.value)}>
            {players.map((p) => (
              <option key={p.participantId} value={p.participantId}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={first === second || reason.trim() === ''}
          onClick={() =>
            act(
              path,
              { ...swapped(round, first, second), reason: reason.trim() },
              `${nameOf(first)} and ${nameOf(second)} swapped.`,
            )
          }
        >
          Swap players
        </button>
      </div>
      <div class="row">
        <label>
          Move table
          <select value={from} onChange={(e) => setTable(e.currentTarget.value)}>
            {round.pairings.map((p) => (
              <option key={p.table} value={String(p.table)}>
                {p.table}
              </option>
            ))}
          </select>
        </label>
        <label>
          to number
          <input
            type="number"
            min="1"
            inputMode="numeric"
            value={to}
            onInput={(e) => setTo(e.currentTarget.value)}
          />
        </label>
        <button
          type="button"
          disabled={to.trim() === '' || reason.trim() === ''}
          onClick={() => {
            const { pairings, byes } = asSent(round);
            const moved = pairings.map((p) => (String(p.table) === from ? { ...p, table: Number(to) } : p));
            return act(
              path,
              { pairings: moved, byes, reason: reason.trim() },
              `Table ${from} is table ${to} now.`,
            );
          }}
        >
          Move
        </button>
      </div>
    </fieldset>
  );
}
