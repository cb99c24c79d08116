import qrcode from 'qrcode-generator';

/**
 * A QR code drawn as one SVG path, built through the DOM (no markup string), so it prints sharp at
 * any size and needs nothing a strict Content-Security-Policy forbids.
 */
export function QrCode(props: { text: string; label: string; size?: number }) {
  const qr = qrcode(0, 'M');
  qr.addData(props.text);
  qr.make();
  const count = qr.getModuleCount();
  const quiet = 4;
  let d = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  const extent = count + quiet * 2;
  return (
    <svg
      class="qr-code"
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${extent} ${extent}`}
      width={props.size ?? 144}
      height={props.size ?? 144}
      shape-rendering="crispEdges"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
