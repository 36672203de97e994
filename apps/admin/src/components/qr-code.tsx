import { renderSVG } from 'uqr';

/** A QR code drawn in the browser as inline SVG: the authenticator secret never leaves the page. */
export function QrCode({ value, sizePx = 176, label }: { value: string; sizePx?: number; label: string }) {
  const svg = renderSVG(value, {
    ecc: 'M',
    border: 2,
    pixelSize: 4,
    whiteColor: '#ffffff',
    blackColor: '#1b1733',
  });
  return (
    <div
      role="img"
      aria-label={label}
      className="qr-code"
      style={{ width: sizePx, height: sizePx }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is generated locally by uqr from the server's otpauth address, never from user HTML.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
