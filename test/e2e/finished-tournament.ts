import { endMatch, playE1, seated } from './organiser-support.js';
import type { TestApp } from './support/test-app.js';
import { smallEvent, startFirstRound, type SmallEvent } from './tournament-support.js';

/**
 * A small tournament whose round is over: four players, table 1 a referee match (E-1 played, ended by
 * the judge, A won), table 2 reported by one player and confirmed by the other (B won). Its export
 * holds the tournament stream and one match log.
 */
export async function finishedTournament(t: TestApp, tournamentId: string): Promise<SmallEvent> {
  const event = await smallEvent(t, tournamentId);
  const { org, players, at } = event;
  await startFirstRound(event);
  const matchId = `${tournamentId}-r1-t1`;
  await org.command(`/tournaments/${tournamentId}/matches`, {
    matchId,
    round: 1,
    table: 1,
    ruleset: 'hand-to-hand',
    sides: { A: 'Zulus', B: 'British' },
    diceMode: 'table',
  });
  const { A, B } = await seated(t, matchId);
  await playE1(matchId, A, B);
  await endMatch(t, matchId, 'A', 'the square broke');
  await players.get('p4')!.command(at(1, 2, 'report'), { outcome: 'B' });
  await players.get('p2')!.command(at(1, 2, 'confirm'));
  return event;
}
