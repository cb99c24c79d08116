/*
 * compatibility: logs recorded before each append recorded its prepared command in the event metadata
 * (inside the hash chain). The verifier can decide such a log again only by inverting decide(): each
 * event group begins with the command's own event, which holds every field of it. A log recorded since
 * carries its commands and never comes here; remove when no such logs remain.
 */

/**
 * The CreateMatch behind a MatchCreated, for any ruleset. The recorded parameters are the resolved
 * whole; resolving them again gives them back.
 */
export function createMatchFrom<
  Data extends {
    matchId: string;
    sides: { A: string; B: string };
    diceMode: 'server' | 'table';
    diceCommitment: string | null;
    parameters: unknown;
  },
>(
  data: Data,
): {
  type: 'CreateMatch';
  matchId: string;
  sides: Data['sides'];
  diceMode: Data['diceMode'];
  diceCommitment?: string;
  parameters: Data['parameters'];
} {
  const { matchId, sides, diceMode, diceCommitment, parameters } = data;
  return {
    type: 'CreateMatch',
    matchId,
    sides,
    diceMode,
    ...(diceCommitment === null ? {} : { diceCommitment }),
    parameters,
  };
}
