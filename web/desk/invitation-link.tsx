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
