import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { refusalText } from '../shared/refusal';
import type { Page } from '../shared/tournament-views';

/** A tournament as GET /tournaments lists it (the fields the desk shows). */
export interface ListedTournament {
  tournamentId: string;
  name: string;
  createdAt?: string;
}

/** The desk's own link to a tournament. */
export function deskLink(tournamentId: string): string {
  return `/desk/?tournament=${encodeURIComponent(tournamentId)}`;
}

/** Pages read at most: a key with more tournaments than this sees the first ones and is told so. */
const MAX_PAGES = 5;

/** Every tournament the key sees (a key bound to one sees that one), a page of 100 at a time. */
export function useTournaments(api: Api) {
  const [listed, setListed] = useState<{ items: ListedTournament[]; more: boolean }>();
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    let live = true;
    (async () => {
      const items: ListedTournament[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const answer: Page<ListedTournament> = await api.get(`/tournaments?limit=100${query}`);
        items.push(...answer.items);
        cursor = answer.nextCursor;
        if (!cursor) break;
      }
      return { items, more: cursor !== null };
    })().then(
      (found) => live && setListed(found),
      (error: unknown) => live && setFailed(refusalText(error)),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return { listed, failed };
}

/** The key's tournaments, each a link to its desk; nothing while there are none. */
export function TournamentList(props: {
  listed?: { items: ListedTournament[]; more: boolean };
  failed?: string;
}) {
  const { listed, failed } = props;
  if (failed) {
    return (
      <p class="error" role="alert">
        Your tournaments: {failed}
      </p>
    );
  }
  if (!listed) return <p role="status">Loading your tournaments…</p>;
  if (listed.items.length === 0) return null;
  return (
    <section aria-labelledby="your-tournaments">
      <h2 id="your-tournaments">Your tournaments</h2>
      <ul class="tournament-list">
        {listed.items.map((t) => (
          <li key={t.tournamentId}>
            <a href={deskLink(t.tournamentId)}>{t.name}</a> <span class="note">({t.tournamentId})</span>
          </li>
        ))}
      </ul>
      {listed.more && <p class="note">Only the first {listed.items.length} are listed.</p>}
    </section>
  );
}
