/** The match does not exist (404). */
export class MatchNotFoundError extends Error {
  constructor(readonly matchId: string) {
    super(`match ${matchId} does not exist`);
    this.name = 'MatchNotFoundError';
  }
}

/** The caller's key may not do this here (403): wrong match, wrong side, wrong role. */
export class NotYourCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotYourCommandError';
  }
}

/** Every retry of a command met another append to its stream first (409); nothing was appended. */
export class StreamBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamBusyError';
  }
}

export class MatchBusyError extends StreamBusyError {
  constructor(
    readonly matchId: string,
    attempts: number,
  ) {
    super(
      `match ${matchId} changed under ${attempts} attempts in a row; nothing was appended, send the command again`,
    );
    this.name = 'MatchBusyError';
  }
}
