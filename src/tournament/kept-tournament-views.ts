import { createHash } from 'node:crypto';
import { clockState, remainingSeconds, type RoundState, type Tournament } from '../rules/tournament/index.js';
import {
  clockView,
  type ParticipantView,
  participantNames,
  participantView,
  type RoundView,
  roundViewWithoutClock,
  standingsView,
  type TournamentStandingsView,
} from './tournament-views.js';

interface Kept {
  standings?: TournamentStandingsView;
  participants?: ParticipantView[];
  rounds?: Map<RoundState, RoundView>;
  digests?: Partial<Record<'standings' | 'participants' | 'rounds', string>>;
  roundDigests?: Map<RoundState, string>;
}

/** What a view says, as a short hash of its JSON: two views with the same digest read the same. */
export function digestOf(view: unknown): string {
  return createHash('sha256').update(JSON.stringify(view)).digest('base64url').slice(0, 32);
}

/**
 * The tournament's views, computed once per folded state: every page of a tournament reads its
 * rounds, participants and standings again at each change, hundreds of reads of one state. A
 * folded state is never changed in place (each event folds into a new one), so a view computed
 * from it stands for as long as the state is the current one, and is dropped with it. Views handed
 * out are shared: callers read them and never change them. A round's clock is the one part that
 * moves without an event, so it is computed at each read.
 *
 * Each view's digest is kept with it, the validator of the answers made of it: an event that leaves a
 * view as it was (a result, for the participants) leaves its digest too, so a page holding it is
 * answered 304 across the event.
 */
export class KeptTournamentViews {
  private readonly kept = new WeakMap<Tournament, Kept>();

  standings(state: Tournament): TournamentStandingsView {
    const kept = this.of(state);
    return (kept.standings ??= standingsView(state));
  }

  participants(state: Tournament): ParticipantView[] {
    const kept = this.of(state);
    return (kept.participants ??= state.participants.map(participantView));
  }

  standingsDigest(state: Tournament): string {
    const digests = (this.of(state).digests ??= {});
    return (digests.standings ??= digestOf(this.standings(state)));
  }

  participantsDigest(state: Tournament): string {
    const digests = (this.of(state).digests ??= {});
    return (digests.participants ??= digestOf(this.participants(state)));
  }

  /**
   * What the rounds read as of `asOf`, but for the instant itself: the rounds without their clocks,
   * and each clock as it stands then. Of a clock that moves (clockMoves) it says nothing that lasts.
   */
  roundsDigest(state: Tournament, asOf: string): string {
    const digests = (this.of(state).digests ??= {});
    digests.rounds ??= digestOf(this.rounds(state, asOf).map(({ clock: _clock, ...round }) => round));
    const clocks = state.rounds.flatMap((round) => {
      if (!round.clock) return [];
      const { asOf: _asOf, ...clock } = clockView(round.clock, asOf);
      return [{ round: round.round, ...clock }];
    });
    return clocks.length === 0 ? digests.rounds : `${digests.rounds}.${digestOf(clocks)}`;
  }

  /** What one round reads as of `asOf`, but for the instant itself (as roundsDigest). */
  roundDigest(state: Tournament, round: RoundState, asOf: string): string {
    const kept = this.of(state);
    const digests = (kept.roundDigests ??= new Map());
    let digest = digests.get(round);
    if (digest === undefined) {
      const { clock: _clock, ...view } = this.round(state, round, asOf);
      digest = digestOf(view);
      digests.set(round, digest);
    }
    if (!round.clock) return digest;
    const { asOf: _asOf, ...clock } = clockView(round.clock, asOf);
    return `${digest}.${digestOf(clock)}`;
  }

  /** One round as of `asOf`, its clock counted down to then. */
  round(state: Tournament, round: RoundState, asOf: string): RoundView {
    const kept = this.of(state);
    const views = (kept.rounds ??= new Map());
    let view = views.get(round);
    if (!view) {
      view = roundViewWithoutClock(round, participantNames(state));
      views.set(round, view);
    }
    return round.clock ? { ...view, clock: clockView(round.clock, asOf) } : view;
  }

  /** Every round as of `asOf`. */
  rounds(state: Tournament, asOf: string): RoundView[] {
    const kept = this.of(state);
    if (!kept.rounds || kept.rounds.size < state.rounds.length) {
      const names = participantNames(state);
      const views = (kept.rounds ??= new Map());
      for (const round of state.rounds) {
        if (!views.has(round)) views.set(round, roundViewWithoutClock(round, names));
      }
    }
    return state.rounds.map((round) => this.round(state, round, asOf));
  }

  private of(state: Tournament): Kept {
    let kept = this.kept.get(state);
    if (!kept) {
      kept = {};
      this.kept.set(state, kept);
    }
    return kept;
  }
}

/**
 * Whether the round's view changes with time alone as of `asOf`: its clock runs with time left, so
 * `remainingSeconds` counts down between events. A paused clock, one whose time is called or gone, and
 * no clock at all change only with an event.
 */
export function clockMoves(round: RoundState, asOf: string): boolean {
  const { clock } = round;
  return clock !== undefined && clockState(clock) === 'running' && remainingSeconds(clock, asOf) > 0;
}
