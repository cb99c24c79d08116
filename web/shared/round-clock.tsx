import { useEffect, useState } from 'preact/hooks';
import type { Clock } from './tournament-views';

/** Seconds as h:mm:ss (or m:ss under an hour). */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

const POLICY_WORDS = {
  'finish-turn': 'finish the turn you are playing, then stop',
  'stop-now': 'stop where you are',
};

/**
 * The round's time left to the second: counted down in the page from the service's figure and the
 * instant it was given (`asOf`), so every page shows the same time whatever its own clock says.
 * A closed round (every table has its result) has no time left to keep: no figure, no policy.
 */
export function RoundClock(props: { clock: Clock | undefined; large?: boolean; closed?: boolean }) {
  const { clock } = props;
  const [received] = useState(() => ({ at: Date.now(), clock }));
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (props.closed)
    return <p class="round-clock round-clock-none">The round is over: every table has its result.</p>;
  if (!clock) return <p class="round-clock round-clock-none">The clock has not started.</p>;
  const since = received.clock === clock ? (now - received.at) / 1000 : 0;
  const left =
    clock.state === 'running'
      ? Math.max(0, Math.ceil(clock.remainingSeconds - since))
      : clock.remainingSeconds;
  const called = clock.state === 'called' || left === 0;
  return (
    <div
      class={`round-clock${props.large ? ' round-clock-large' : ''}${called ? ' round-clock-called' : ''}`}
    >
      <p class="round-clock-time" aria-label={`time left ${clockText(left)}`}>
        <span aria-hidden="true">{clockText(left)}</span>
      </p>
      <p class="round-clock-state" role="status" aria-live="polite">
        {clock.state === 'called'
          ? `Time was called: ${POLICY_WORDS[clock.policy]}.`
          : left === 0
            ? `Time: ${POLICY_WORDS[clock.policy]}.`
            : clock.state === 'paused'
              ? 'The clock is paused.'
              : `When time is called: ${POLICY_WORDS[clock.policy]}.`}
      </p>
    </div>
  );
}
