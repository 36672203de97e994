import { renderSVG } from 'uqr';

/** A QR code drawn on the client as inline SVG (no image request); loaded lazily with the side menu's download block. */
/** Drawn codes by value: the same download link shows in the footer and the side menu, drawn once. */
const drawnCodes = new Map<string, string>();
const DRAWN_CODES_KEPT = 8;

function drawCode(value: string): string {
  let svg = drawnCodes.get(value);
  if (svg === undefined) {
    svg = renderSVG(value, {
      ecc: 'M',
      border: 2,
      pixelSize: 4,
      whiteColor: '#ffffff',
      blackColor: '#14102a',
    });
    if (drawnCodes.size >= DRAWN_CODES_KEPT) drawnCodes.clear();
    drawnCodes.set(value, svg);
  }
  return svg;
}

export function QrCode({ value, sizePx = 120, label }: { value: string; sizePx?: number; label: string }) {
  const svg = drawCode(value);
  return (
    <div
      role="img"
      aria-label={label}
      className="overflow-hidden rounded-sm bg-white [&>svg]:block [&>svg]:size-full"
      style={{ width: sizePx, height: sizePx }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is generated locally by uqr from our own URL, never from user HTML.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
