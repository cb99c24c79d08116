import { useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { messageOf } from '../shared/live';
import { VerifyResult, type VerifyProgress } from '../shared/verify-panel';
import { verifyExportFile, verifyTournamentExport } from '../shared/verify-tournament';
import type { VerifyOutcome } from '../shared/verify-outcome';

const STEP_LABEL = {
  fetching: 'Fetching the export and the service’s public key…',
  reading: 'Reading the file…',
  verifying: 'Verifying in this browser…',
} as const;

/**
 * The desk's check of the tournament export, in the page: the export as the service sends it now, or
 * a file downloaded earlier (read here, sent nowhere). The verifier is the one `umpire verify` runs;
 * it loads only when asked, so the desk's first load does not carry it.
 */
export function ExportVerify(props: { api: Api; tournamentId: string }) {
  const [progress, setProgress] = useState<VerifyProgress>();
  const busy = progress !== undefined && 'step' in progress;

  const run = async (verify: (onStep: (step: keyof typeof STEP_LABEL) => void) => Promise<VerifyOutcome>) => {
    setProgress({ step: STEP_LABEL.verifying });
    try {
      setProgress(await verify((step) => setProgress({ step: STEP_LABEL[step] })));
    } catch (cause) {
      setProgress({ error: messageOf(cause) });
    }
  };

  return (
    <section class="verify" aria-labelledby="export-verify-heading" aria-busy={busy}>
      <h3 id="export-verify-heading">Verify the export</h3>
      <p class="note">
        Checks in this browser, with the code of <code>umpire verify</code>: the service’s signature, the
        tournament’s chain, the standings recomputed from its events, and every match’s log.
      </p>
      <div class="row">
        <button
          type="button"
          disabled={busy}
          onClick={() => void run((onStep) => verifyTournamentExport(props.api, props.tournamentId, onStep))}
        >
          Verify the export
        </button>
        <label class="file-pick">
          Verify a downloaded file
          <input
            type="file"
            accept=".ndjson,application/x-ndjson"
            disabled={busy}
            onChange={(e) => {
              const input = e.currentTarget;
              const file = input.files?.[0];
              // Cleared, so that picking the same file again verifies it again.
              input.value = '';
              if (file) void run((onStep) => verifyExportFile(props.api, file, onStep));
            }}
          />
        </label>
      </div>
      <VerifyResult progress={progress} />
    </section>
  );
}
