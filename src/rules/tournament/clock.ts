import { violation } from '../common/rule-violation.js';
import type { RoundState, Tournament } from './state.js';

/**
 * The round clock, kept in the tournament's stream so that the export shows when time was started,
 * paused, extended and called. The rules read no clock (C-3): every command carries the instant the
 * service received it (`at`), and the events record it; the time left is a function of those events
 * and the instant it is asked for.
 */

/** What tables do once time is called: finish the turn being played, or stop where they are. */
export const TIME_POLICIES = ['finish-turn', 'stop-now'] as const;
export type TimePolicy = (typeof TIME_POLICIES)[number];

/** The longest round a clock runs for, and the most one extension adds: a day, in seconds. */
export const MAX_CLOCK_SECONDS = 24 * 60 * 60;

export type ClockEvent =
  | {
      type: 'RoundClockStarted';
      data: { round: number; seconds: number; policy: TimePolicy; at: string };
    }
  | { type: 'RoundClockPaused'; data: { round: number; at: string } }
  | { type: 'RoundClockResumed'; data: { round: number; at: string } }
  | { type: 'RoundClockExtended'; data: { round: number; seconds: number; reason: string; at: string } }
  /** Time called: `matchIds` are the round's refereed matches still playing, each told to stop by `policy`. */
  | {
      type: 'TimeCalled';
      data: { round: number; policy: TimePolicy; matchIds: string[]; at: string };
    };

export type ClockCommand =
  | { type: 'StartRoundClock'; round: number; seconds: number; policy: TimePolicy; at: string }
  | { type: 'PauseRoundClock'; round: number; at: string }
  | { type: 'ResumeRoundClock'; round: number; at: string }
  | { type: 'ExtendRoundClock'; round: number; seconds: number; reason: string; at: string }
  | { type: 'CallTime'; round: number; at: string };

export type ClockCommandType = ClockCommand['type'];
export const CLOCK_COMMANDS: readonly ClockCommandType[] = [
  'StartRoundClock',
  'PauseRoundClock',
  'ResumeRoundClock',
  'ExtendRoundClock',
  'CallTime',
];

/** A round's clock as its events leave it. */
export interface RoundClock {
  /** The round's length with every extension, in seconds. */
  seconds: number;
  policy: TimePolicy;
  startedAt: string;
  /** Milliseconds run before the current run (or pause) began. */
  runMs: number;
  /** When the current run began; absent while paused or after time was called. */
  runningSince?: string;
  pausedAt?: string;
  calledAt?: string;
}

export type ClockState = 'running' | 'paused' | 'called';

export function clockState(clock: RoundClock): ClockState {
  if (clock.calledAt !== undefined) return 'called';
  return clock.runningSince !== undefined ? 'running' : 'paused';
}

/** Milliseconds between two recorded instants, never negative (an instant before the last is no time). */
function between(from: string, to: string): number {
  return Math.max(0, Date.parse(to) - Date.parse(from));
}

/** The time left at `now`, in whole seconds rounded up (a clock shows 0 only when the time is gone). */
export function remainingSeconds(clock: RoundClock, now: string): number {
  if (clock.calledAt !== undefined) return 0;
  const run = clock.runMs + (clock.runningSince !== undefined ? between(clock.runningSince, now) : 0);
  return Math.max(0, Math.ceil((clock.seconds * 1000 - run) / 1000));
}

export function evolveClock(clock: RoundClock | undefined, event: ClockEvent): RoundClock | undefined {
  const { data } = event;
  switch (event.type) {
    case 'RoundClockStarted':
      return {
        seconds: event.data.seconds,
        policy: event.data.policy,
        startedAt: data.at,
        runMs: 0,
        runningSince: data.at,
      };
    case 'RoundClockPaused': {
      if (!clock?.runningSince) return clock;
      const { runningSince, ...rest } = clock;
      return { ...rest, runMs: clock.runMs + between(runningSince, data.at), pausedAt: data.at };
    }
    case 'RoundClockResumed': {
      if (!clock) return clock;
      const { pausedAt: _paused, ...rest } = clock;
      return { ...rest, runningSince: data.at };
    }
    case 'RoundClockExtended':
      return clock ? { ...clock, seconds: clock.seconds + event.data.seconds } : clock;
    case 'TimeCalled': {
      if (!clock) return clock;
      const run = clock.runMs + (clock.runningSince !== undefined ? between(clock.runningSince, data.at) : 0);
      const { runningSince: _running, pausedAt: _paused, ...rest } = clock;
      return { ...rest, runMs: run, calledAt: data.at };
    }
  }
}

const conflict = (message: string): never => violation('C-6', message, 'conflict');
const invalid = (message: string): never => violation('C-6', message, 'invalid');

function checkedInstant(at: string): void {
  if (Number.isNaN(Date.parse(at))) invalid(`at: ${at} is not an instant`);
}

function checkedSeconds(seconds: number, field: string): void {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_CLOCK_SECONDS) {
    invalid(`${field} must be a whole number of seconds from 1 to ${MAX_CLOCK_SECONDS}`);
  }
}

/** The round whose clock a command runs: opened and started, not closed. */
function clockedRound(tournament: Tournament, round: number): RoundState {
  const found = tournament.rounds.find((r) => r.round === round);
  if (!found) return conflict(`round ${round} has not been opened`);
  if (found.status === 'paired') conflict(`round ${round} has not started: start it before its clock`);
  return found;
}

function runningClock(round: RoundState): RoundClock {
  if (!round.clock) return conflict(`round ${round.round} has no clock: start it first`);
  if (round.clock.calledAt !== undefined)
    conflict(`time was called in round ${round.round} at ${round.clock.calledAt}`);
  return round.clock;
}

/** C-6 the clock commands, each refused (409) when the clock is not in the state it acts on. */
export function decideClock(tournament: Tournament, command: ClockCommand): ClockEvent[] {
  checkedInstant(command.at);
  const round = clockedRound(tournament, command.round);
  const at = command.at;
  switch (command.type) {
    case 'StartRoundClock': {
      checkedSeconds(command.seconds, 'seconds');
      if (round.status === 'closed') conflict(`round ${round.round} has closed`);
      if (round.clock) conflict(`round ${round.round}'s clock was started at ${round.clock.startedAt}`);
      return [
        {
          type: 'RoundClockStarted',
          data: { round: round.round, seconds: command.seconds, policy: command.policy, at },
        },
      ];
    }
    case 'PauseRoundClock': {
      const clock = runningClock(round);
      if (clock.runningSince === undefined) conflict(`round ${round.round}'s clock is paused already`);
      return [{ type: 'RoundClockPaused', data: { round: round.round, at } }];
    }
    case 'ResumeRoundClock': {
      const clock = runningClock(round);
      if (clock.runningSince !== undefined) conflict(`round ${round.round}'s clock is running`);
      return [{ type: 'RoundClockResumed', data: { round: round.round, at } }];
    }
    case 'ExtendRoundClock': {
      checkedSeconds(command.seconds, 'seconds');
      runningClock(round);
      return [
        {
          type: 'RoundClockExtended',
          data: { round: round.round, seconds: command.seconds, reason: command.reason, at },
        },
      ];
    }
    case 'CallTime': {
      const clock = runningClock(round);
      // The refereed matches told that time is up: those of the round without a result yet.
      const matchIds = round.pairings
        .filter((p) => p.matchId !== undefined && p.status !== 'final' && p.status !== 'void')
        .map((p) => p.matchId!);
      return [{ type: 'TimeCalled', data: { round: round.round, policy: clock.policy, matchIds, at } }];
    }
  }
}
