import { useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { QrCode } from '../shared/qr-code';
import { copyText } from './copy';
import { refusalText } from '../shared/refusal';
import { newCommandId } from '../shared/tournament-views';

type Kind = 'judge' | 'spectator';

/** What each key is for: the page it opens, and the words the desk says of it. */
const KINDS: Record<
  Kind,
  { issue: string; title: string; pageName: string; page: (tournamentId: string) => string }
> = {
  judge: {
    issue: 'Issue a judge key',
    title: 'Judge key',
    pageName: 'the judge console',
    page: () => '/judge/',
  },
  spectator: {
    issue: 'Issue a hall screen key',
    title: 'Hall screen key (spectator)',
    pageName: 'the hall screen',
    page: (tournamentId) => `/hall/?tournament=${encodeURIComponent(tournamentId)}`,
  },
};

interface Issued {
  kind: Kind;
  token: string;
  link: string;
}

/**
 * Keys for the people the desk does not reach by invitation: a judge key and a hall screen (spectator)
 * key, each bound to this tournament (POST /keys with the role and the tournament). The service keeps
 * only a key's hash, so the desk shows it once, with a button to copy it; the QR code carries the link
 * of the page it opens, never the key (a link may be shared, a key may not): the key is pasted there.
 */
export function Keys(props: { api: Api; tournamentId: string; onAction: () => void }) {
  const [issued, setIssued] = useState<Issued[]>([]);
  const [failed, setFailed] = useState<string>();
  const [copied, setCopied] = useState<string>();
  const issue = async (kind: Kind) => {
    props.onAction();
    setFailed(undefined);
    setCopied(undefined);
    try {
      const key = await props.api.post<{ token: string }>('/keys', {
        commandId: newCommandId(),
        role: kind,
        tournamentId: props.tournamentId,
        label: `${kind === 'judge' ? 'judge' : 'hall screen'}, issued at the desk`,
      });
      const link = `${window.location.origin}${KINDS[kind].page(props.tournamentId)}`;
      setIssued((all) => [{ kind, token: key.token, link }, ...all.filter((k) => k.kind !== kind)]);
    } catch (error) {
      setFailed(refusalText(error));
    }
  };
  const copy = async (key: Issued) => setCopied(await copyText(key.token, KINDS[key.kind].title));
  return (
    <section aria-labelledby="keys">
      <h2 id="keys">Keys</h2>
      <p class="note">
        For the judges and the hall screen, bound to this tournament. A key is shown once, here: copy it now.
      </p>
      <div class="row">
        {(['judge', 'spectator'] as const).map((kind) => (
          <button type="button" key={kind} onClick={() => issue(kind)}>
            {KINDS[kind].issue}
          </button>
        ))}
      </div>
      {failed && (
        <p class="error" role="alert">
          Keys: {failed}
        </p>
      )}
      <p class="note" role="status">
        {copied}
      </p>
      {issued.map((key) => (
        <div class="issued-key" key={`${key.kind}-${key.token}`}>
          <h3>{KINDS[key.kind].title}</h3>
          <p>
            <strong>Shown once:</strong> the service keeps no copy. Issue another if this one is lost.
          </p>
          <label>
            {KINDS[key.kind].title}, shown once
            <input readOnly value={key.token} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <div class="row">
            <button type="button" onClick={() => copy(key)}>
              Copy the {key.kind === 'judge' ? 'judge' : 'hall screen'} key
            </button>
          </div>
          <p>
            Then open {KINDS[key.kind].pageName} at <a href={key.link}>{key.link}</a> (or scan the code) and
            paste the key there.
          </p>
          <QrCode text={key.link} label={`The link of ${KINDS[key.kind].pageName}`} />
        </div>
      ))}
    </section>
  );
}
