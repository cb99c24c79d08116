import { useEffect } from 'preact/hooks';

/**
 * The replay slider over revisions, with step buttons and the arrow keys (anywhere on the page but in
 * a text field; on the slider itself the browser's own arrow handling does the same).
 */
export function ReplayBar(props: {
  shown: number;
  latest: number;
  onStep: (by: number) => void;
  onGoTo: (revision: number) => void;
}) {
  const { shown, latest, onStep, onGoTo } = props;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable]')) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') onStep(-1);
      else if (event.key === 'ArrowRight') onStep(1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onStep]);

  const live = shown >= latest;
  return (
    <section class="replay" aria-labelledby="replay-heading">
      <h2 id="replay-heading">Replay</h2>
      <div class="replay-row">
        <button type="button" onClick={() => onStep(-1)} disabled={shown <= 1} aria-label="Step back">
          ◀
        </button>
        <label class="sr-only" for="replay-slider">
          Revision shown
        </label>
        <input
          id="replay-slider"
          type="range"
          min={1}
          max={Math.max(1, latest)}
          step={1}
          value={shown}
          aria-valuetext={live ? `revision ${shown}, the latest` : `revision ${shown} of ${latest}`}
          onInput={(event) => onGoTo(Number(event.currentTarget.value))}
        />
        <button type="button" onClick={() => onStep(1)} disabled={live} aria-label="Step forward">
          ▶
        </button>
        <button type="button" class="quiet" onClick={() => onGoTo(latest)} disabled={live}>
          Latest
        </button>
      </div>
      <p class="note">
        {live
          ? `Showing the latest revision (${latest}); new events appear as they land.`
          : `Showing the match as it stood after revision ${shown} of ${latest}. ← and → step through.`}
      </p>
    </section>
  );
}
