import type { Api } from './api';
import { patiently, verifyInWorker } from './verify-match';
import type { VerifyOutcome } from './verify-outcome';

/**
 * A tournament export verified in the page by the published verifier (packages/verify, the code
 * `umpire verify` runs on a tournament file): the tournament stream's chain and closing checkpoint,
 * its summary and standings recomputed from its events, and every embedded match log. The page shows
 * the verdict only; the export itself is what the desk's key may read, nothing more.
 */

let servicePublicKey: Promise<string> | undefined;

/** The service's public key (GET /audit/public-key), fetched once for the page's life. */
function publicKeyOf(api: Api): Promise<string> {
  servicePublicKey ??= patiently(() => api.text('/audit/public-key', 'application/json')).catch(
    (cause: unknown) => {
      servicePublicKey = undefined;
      throw cause;
    },
  );
  return servicePublicKey;
}

/** The export fetched with the desk's key, then verified against the service's public key. */
export async function verifyTournamentExport(
  api: Api,
  tournamentId: string,
  onStep: (step: 'fetching' | 'verifying') => void,
): Promise<VerifyOutcome> {
  onStep('fetching');
  const publicKey = await publicKeyOf(api);
  const exportText = await patiently(() =>
    api.text(`/tournaments/${encodeURIComponent(tournamentId)}/export`, 'application/x-ndjson'),
  );
  onStep('verifying');
  return verifyInWorker({ exportText, publicKey });
}

/**
 * A file from disk, read and verified in this page: it is sent nowhere. Its signatures are checked
 * against the service's public key when the page has it or can fetch it; without it (no network) the
 * logs are still checked and the verdict says the signatures were not (NOT VERIFIED).
 */
export async function verifyExportFile(
  api: Api,
  file: Blob,
  onStep: (step: 'reading' | 'verifying') => void,
): Promise<VerifyOutcome> {
  onStep('reading');
  const exportText = await file.text();
  const publicKey = await publicKeyOf(api).catch(() => undefined);
  onStep('verifying');
  return verifyInWorker({ exportText, ...(publicKey === undefined ? {} : { publicKey }) });
}
