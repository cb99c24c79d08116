import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { QrCode } from '../shared/qr-code';
import { copyText } from './copy';
import { refusalText } from '../shared/refusal';
import { newCommandId } from '../shared/tournament-views';
import type { ListedKey } from './acting-keys';
import { clockTime } from './desk-times';

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
        // The time tells two keys of one kind apart when the desk lists them to revoke one.
        label: `issued at the desk at ${clockTime(new Date())}`,
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
      <KeysInUse api={props.api} tournamentId={props.tournamentId} issued={issued.length} />
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

/**
 * A judge or spectator key listed at the desk, in words: "judge key, issued at the desk at 14:05:31";
 * one bound to a single match says so, "judge key for match r1-t4", "spectator key watching match r1-t4",
 * since it reaches that match alone.
 */
export function keyWords(key: Pick<ListedKey, 'role' | 'label' | 'matchId'>): string {
  const kind =
    key.role === 'judge'
      ? key.matchId
        ? `judge key for match ${key.matchId}`
        : 'judge key'
      : key.matchId
        ? `spectator key watching match ${key.matchId}`
        : 'hall screen key';
  return key.label ? `${kind}, ${key.label}` : kind;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The judge and hall screen keys of this tournament that still work (GET /keys), read when asked, each
 * with a Revoke that asks once more: a lost judge's phone or a hall screen left logged in is shut out
 * at once, its live pages with it. Participants' keys are shut out from their cards (Lost phone).
 */
function KeysInUse(props: { api: Api; tournamentId: string; issued: number }) {
  const [keys, setKeys] = useState<ListedKey[]>();
  const [shown, setShown] = useState(false);
  const [asking, setAsking] = useState<string>();
  const [said, setSaid] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const read = async () => {
    setFailed(undefined);
    try {
      const all = await props.api.get<ListedKey[]>(
        `/keys?tournament=${encodeURIComponent(props.tournamentId)}`,
      );
      setKeys(
        all.filter(
          (key) =>
            !key.revoked &&
            key.tournamentId === props.tournamentId &&
            (key.role === 'judge' || key.role === 'spectator'),
        ),
      );
    } catch (error) {
      setFailed(refusalText(error));
    }
  };
  const revoke = async (key: ListedKey) => {
    setSaid(undefined);
    setFailed(undefined);
    try {
      await props.api.delete(`/keys/${encodeURIComponent(key.keyId)}`);
      setAsking(undefined);
      setSaid(`${capitalised(keyWords(key))} is revoked: it stopped working at once.`);
      await read();
      document.getElementById('keys-in-use')?.focus();
    } catch (error) {
      setFailed(refusalText(error));
    }
  };
  // A key issued while the list is open belongs in it.
  useEffect(() => {
    if (shown) void read();
  }, [props.issued]);
  return (
    <div class="keys-in-use">
      <h3 id="keys-in-use" tabIndex={-1}>
        Keys in use
      </h3>
      <div class="row">
        <button
          type="button"
          class="quiet"
          aria-expanded={shown}
          onClick={() => {
            setSaid(undefined);
            if (!shown) void read();
            setShown(!shown);
          }}
        >
          {shown ? 'Hide the keys in use' : 'Show the judge and hall screen keys in use'}
        </button>
      </div>
      <p class="note" role="status">
        {said}
      </p>
      {failed && (
        <p class="error" role="alert">
          Keys in use: {failed}
        </p>
      )}
      {shown && keys && keys.length === 0 && <p>No judge or hall screen key of this tournament works now.</p>}
      {shown && keys && keys.length > 0 && (
        <ul class="keys-list">
          {keys.map((key) => (
            <li key={key.keyId}>
              <span>{capitalised(keyWords(key))}</span>{' '}
              {asking === key.keyId ? (
                <span class="row">
                  <button type="button" class="primary" onClick={() => revoke(key)}>
                    Yes, revoke<span class="sr-only"> the {keyWords(key)}</span>
                  </button>
                  <button type="button" class="quiet" onClick={() => setAsking(undefined)}>
                    Keep it<span class="sr-only"> ({keyWords(key)})</span>
                  </button>
                </span>
              ) : (
                <button type="button" class="quiet" onClick={() => setAsking(key.keyId)}>
                  Revoke<span class="sr-only"> the {keyWords(key)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
