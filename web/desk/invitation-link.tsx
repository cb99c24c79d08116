import { useState } from 'preact/hooks';
import { QrCode } from '../shared/qr-code';
import { copyText } from './copy';

/**
 * An invitation link, for the player at the desk: copied to send it, or scanned from the desk's screen
 * with the player's phone. It opens once, on the phone that opens it. `qrShown` puts the QR code in
 * view first (a seat at a single match is joined by scanning it); otherwise it is folded away.
 */
export function InvitationLink(props: { name: string; link: string; qrShown?: boolean }) {
  const [said, setSaid] = useState<string>();
  const copy = async () => setSaid(await copyText(props.link, 'Link'));
  const qr = <QrCode text={props.link} label={`The invitation link for ${props.name}`} />;
  return (
    <div class="link-out">
      {props.qrShown && <p class="qr-shown">{qr}</p>}
      <label>
        Invitation link for {props.name} (opens once)
        <input readOnly value={props.link} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <button type="button" class="quiet" onClick={copy}>
        Copy<span class="sr-only"> the invitation link for {props.name}</span>
      </button>
      <span class="note" role="status">
        {said}
      </span>
      {!props.qrShown && (
        <details>
          <summary>
            QR code<span class="sr-only"> of the invitation link for {props.name}</span>
          </summary>
          {qr}
        </details>
      )}
    </div>
  );
}

/** Whether this page was opened at this computer's own address, which no other device reaches. */
export function openedLocally(hostname: string = window.location.hostname): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\./.test(hostname);
}

/**
 * Invitation links and QR codes carry the address this page was opened at: opened as localhost, they
 * point a phone at the phone itself. Said before the codes, with what to do instead.
 */
export function LocalAddressWarning() {
  if (!openedLocally()) return null;
  return (
    <p class="warning" role="note">
      This page is open at this computer's own address ({window.location.host}): a phone that scans these
      codes cannot reach it. Open the desk at this computer's network address (the service prints it when it
      starts, e.g. http://192.168.1.20:3000/desk/) and the codes will point there.
    </p>
  );
}
