/**
 * The tournament rules' version, as a ruleset's: recorded on TournamentCreated, so that a tournament
 * is decided and counted under the rules it was created under, on any build, for ever. A tournament
 * created before versions were recorded is under the first.
 */
export const TOURNAMENT_RULES_VERSION = '1.0.0';

/** The version of a tournament whose TournamentCreated records none. */
export const FIRST_TOURNAMENT_RULES_VERSION = '1.0.0';

/** The versions these rules decide and count: a stream written under any other is refused, not guessed at. */
export const TOURNAMENT_RULES_VERSIONS: readonly string[] = ['1.0.0'];

/** The version a tournament is under: the one it recorded, or the first. */
export function tournamentRulesVersion(recorded: string | undefined): string {
  return recorded ?? FIRST_TOURNAMENT_RULES_VERSION;
}
