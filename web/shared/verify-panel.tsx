import { useState } from 'preact/hooks';
import type {
  CheckLine,
  CheckpointLine,
  ExportVerdict,
  RulesLine,
  TournamentVerdict,
} from '../../packages/verify/src/verdict';
import type { Api } from './api';
import { messageOf } from './live';
import { verifyInBrowser, type VerifyStep } from './verify-match';
import type { VerifyOutcome } from './verify-outcome';

/**
 * Verification anyone can run: the match's export, its signed checkpoint and the service's
 * public key, checked in this browser by the published verifier. What it shows is the verdict: VERIFIED
 * or the first finding with its event and rule, how many events were checked, and each checkpoint's
 * signature. It shows no event of the export (a spectator's page never gets more than the API gives it).
 */
const STEP_LABEL: Record<VerifyStep, string> = {
  fetching: 'Fetching the export, checkpoint and public key…',
  verifying: 'Verifying in this browser…',
};

const CHECK_LABEL: Record<CheckLine['check'], string> = {
  chain: 'Hash chain',
  outcomes: 'Outcomes',
  serverRolls: 'Server dice',
  reveals: 'Reveals',
  checkpoints: 'Checkpoints',
};

const STATUS_MARK: Record<CheckLine['status'], string> = {
  ok: '✓',
  failed: '✗',
  pending: '…',
  none: '–',
};

/** Where a verification stands: a step (in words), its outcome, or why there is none. */
export type VerifyProgress = { step: string } | VerifyOutcome | { error: string } | undefined;

export function VerifyPanel(props: { api: Api; matchId: string }) {
  const [progress, setProgress] = useState<VerifyProgress>();
  const busy = progress !== undefined && 'step' in progress;

  const verify = async () => {
    setProgress({ step: STEP_LABEL.fetching });
    try {
      setProgress(
        await verifyInBrowser(props.api, props.matchId, (step) => setProgress({ step: STEP_LABEL[step] })),
      );
    } catch (cause) {
      setProgress({ error: messageOf(cause) });
    }
  };

  return (
    <section class="verify" aria-labelledby="verify-heading" aria-busy={busy}>
      <div class="verify-row">
        <h2 id="verify-heading">Verification</h2>
        <button type="button" onClick={() => void verify()} disabled={busy}>
          Verify
        </button>
        <span class="note">
          Re-checks the whole log in this browser: the hash chain, every outcome by the published rules, the
          dice and the service's signature.
        </span>
      </div>
      <VerifyResult progress={progress} />
    </section>
  );
}

/** A verification's step, its verdict (on a match or a tournament export), or why it gave none. */
export function VerifyResult({ progress }: { progress: VerifyProgress }) {
  return (
    <div aria-live="polite">
      {progress && 'step' in progress && <p class="note">{progress.step}</p>}
      {progress && 'error' in progress && (
        <p class="error" role="alert">
          {progress.error}
        </p>
      )}
      {progress && 'verdict' in progress && <VerdictView verdict={progress.verdict} />}
      {progress && 'tournament' in progress && <TournamentVerdictView verdict={progress.tournament} />}
      {progress && 'failedLine' in progress && (
        <div class="verdict verdict-failed" data-testid="verify-result">
          <p class="verdict-line">
            <strong data-testid="verify-verdict">FAILED</strong>{' '}
            <span data-testid="verify-finding">{progress.failedLine.summary.replace(/^FAILED: /, '')}</span>
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * A tournament export's verdict as `umpire verify` prints it: the tournament stream (chain, closing
 * checkpoint, summary and standings recomputed, referee results), then each match, then the first problem.
 */
function TournamentVerdictView({ verdict }: { verdict: TournamentVerdict }) {
  const failed = verdict.problems.length > 0;
  const { tournament } = verdict;
  const events = tournament.events + verdict.matches.reduce((sum, m) => sum + m.events, 0);
  const item = (ok: boolean, text: string, testId?: string) => (
    <li class={ok ? 'check-ok' : 'check-failed'} data-testid={testId}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {text}
    </li>
  );
  const chainOk = tournament.chain.endsWith('events linked');
  const checkpointOk = tournament.checkpoint === 'verified';
  const summaryOk = tournament.summary === 'matches the events';
  return (
    <div
      class={`verdict verdict-${verdict.verified ? 'verified' : failed ? 'failed' : 'unproven'}`}
      data-testid="verify-result"
    >
      <p class="verdict-line">
        <strong data-testid="verify-verdict">
          {verdict.verified ? 'VERIFIED' : failed ? 'FAILED' : 'NOT VERIFIED'}
        </strong>{' '}
        <span data-testid="verify-events">
          {verdict.matches.length} {verdict.matches.length === 1 ? 'match' : 'matches'}, {events} events
          checked
        </span>
      </p>
      {!verdict.verified && (
        <p data-testid="verify-finding">{verdict.summary.replace(/^(FAILED|NOT VERIFIED): /, '')}</p>
      )}
      <ul class="verify-checks">
        {item(chainOk, `Tournament hash chain: ${tournament.chain}`)}
        {item(checkpointOk, `Closing checkpoint: ${tournament.checkpoint}`)}
        {item(summaryOk, `Summary and standings, recomputed from the events: ${tournament.summary}`)}
        <li class="note" data-testid="verify-tournament-rules">
          {tournament.rules.startsWith('tournament rules')
            ? `Standings counted under ${tournament.rules}`
            : `Tournament rules: ${tournament.rules}`}
        </li>
        {item(tournament.ok, `Results: ${tournament.results}`)}
        {verdict.matches.map((m) => (
          <li key={m.matchId} class={m.ok ? 'check-ok' : 'check-failed'} data-testid="verify-match">
            <span aria-hidden="true">{m.ok ? '✓' : '✗'}</span> Match {m.matchId}: {m.events} events,{' '}
            {m.message}
            <br />
            <span class="note">{m.rules.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function VerdictView({ verdict }: { verdict: ExportVerdict }) {
  const first = verdict.firstFinding;
  const outcome = verdict.verified ? 'verified' : first ? 'failed' : 'unproven';
  return (
    <div class={`verdict verdict-${outcome}`} data-testid="verify-result">
      <p class="verdict-line">
        <strong data-testid="verify-verdict">
          {verdict.verified ? 'VERIFIED' : first ? 'FAILED' : 'NOT VERIFIED'}
        </strong>{' '}
        <span data-testid="verify-events">
          {verdict.events} {verdict.events === 1 ? 'event' : 'events'} checked
        </span>
        {verdict.head && <span class="note"> · head {verdict.head.hash.slice(0, 16)}…</span>}
      </p>
      {first ? (
        <p data-testid="verify-finding">
          First finding at event <strong>{first.revision}</strong> <span class="rule-id">{first.ruleId}</span>
          {first.message}
        </p>
      ) : (
        !verdict.verified && <p>{verdict.summary}</p>
      )}
      <ul class="verify-checks">
        <RulesItem rules={verdict.rules} />
        {verdict.checkpoints.map((checkpoint) => (
          <CheckpointItem key={`${checkpoint.closing}-${checkpoint.revision}`} checkpoint={checkpoint} />
        ))}
        {verdict.checks.map((line) => (
          <li key={line.check} class={`check-${line.status}`}>
            <span aria-hidden="true">{STATUS_MARK[line.status]}</span> {CHECK_LABEL[line.check]}:{' '}
            {line.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Which rules the log was replayed with: an auditor tells a check under one version from another. */
function RulesItem({ rules }: { rules: RulesLine }) {
  const same = rules.replay === 'same-code' && rules.matchRules.replay !== 'version-not-known';
  return (
    <li class={same ? 'check-ok' : 'check-failed'} data-testid="verify-rules">
      <span aria-hidden="true">{same ? '✓' : '✗'}</span> Rules: {rules.message}
    </li>
  );
}

function CheckpointItem({ checkpoint }: { checkpoint: CheckpointLine }) {
  const ok = checkpoint.signature === 'valid' && checkpoint.matches;
  const what = checkpoint.closing ? "The export's closing checkpoint" : 'The signed checkpoint';
  const signature = {
    valid: 'signature valid',
    invalid: 'signature INVALID',
    'not-checked': 'signature not checked',
  }[checkpoint.signature];
  return (
    <li class={ok ? 'check-ok' : 'check-failed'} data-testid="verify-checkpoint">
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {what} at event {checkpoint.revision}: {signature},{' '}
      {checkpoint.matches ? 'held by the log' : 'NOT held by the log'}
    </li>
  );
}
