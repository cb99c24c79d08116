import type { TestApp } from './support/test-app.js';
import { Caller, organiser } from './support/umpire-client.js';

/** A small event under way: four checked-in participants (p1–p4, seeded in that order), each with a key. */
export interface SmallEvent {
  tournamentId: string;
  org: Caller;
  players: Map<string, Caller>;
  /** The route of a table's action in a round (report, confirm, dispute, override…). */
  at(round: number, table: number, action: string): string;
}

/**
 * Creates the tournament and registers four participants, without opening a round (so that anything
 * listening, a webhook or a feed, can be set up before the first round is opened).
 */
export async function smallEvent(t: TestApp, tournamentId: string): Promise<SmallEvent> {
  const org = organiser(t);
  await org.command('/tournaments', { tournamentId, name: `Event ${tournamentId}` });
  const players = new Map<string, Caller>();
  for (let i = 1; i <= 4; i++) {
    await org.command(`/tournaments/${tournamentId}/participants`, { name: `Player ${i}`, seed: i });
    const key = await org.post(`/tournaments/${tournamentId}/participants/p${i}/keys`, { label: `p${i}` });
    if (key.status !== 201) throw new Error(`key for p${i}: ${key.status} ${JSON.stringify(key.body)}`);
    const player = new Caller(t.url, key.body.token as string);
    players.set(`p${i}`, player);
    await player.command(`/tournaments/${tournamentId}/participants/p${i}/check-in`);
  }
  return {
    tournamentId,
    org,
    players,
    at: (round, table, action) => `/tournaments/${tournamentId}/rounds/${round}/tables/${table}/${action}`,
  };
}

/**
 * Opens and starts round 1 (Swiss by seed: table 1 p1–p3, table 2 p2–p4) and checks that those are the
 * pairings, so that a test's results go where it means them to.
 */
export async function startFirstRound(event: SmallEvent): Promise<void> {
  const { org, tournamentId } = event;
  const opened = await org.command(`/tournaments/${tournamentId}/rounds`, { round: 1, method: 'swiss' });
  const published = opened.body.events[1].data as { pairings: { table: number; A: string; B: string }[] };
  const pairs = published.pairings.map((p) => `${p.table}:${p.A}-${p.B}`).join(' ');
  if (pairs !== '1:p1-p3 2:p2-p4') throw new Error(`round 1 was paired ${pairs}`);
  await org.command(`/tournaments/${tournamentId}/rounds/1/start`);
}

/** Schedules a hand-to-hand match with table dice (Zulus against British) at table 1 of round 1. */
export async function scheduleTableOne(event: SmallEvent, matchId: string): Promise<void> {
  await event.org.command(`/tournaments/${event.tournamentId}/matches`, {
    matchId,
    round: 1,
    table: 1,
    ruleset: 'hand-to-hand',
    sides: { A: 'Zulus', B: 'British' },
    diceMode: 'table',
  });
}
