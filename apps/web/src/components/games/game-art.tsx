import { useState } from 'react';
import { onCdn } from '../../lib/cdn';
import { joinClassNames } from '../../lib/class-names';
import { useCdns } from '../../lib/system/system-hooks';

// Our own fallback art (DESIGN.md "Imagery"): a gradient and a die, drawn inline so it never fails.
const fallbackArt = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7b5cff"/><stop offset="1" stop-color="#211b3d"/></linearGradient></defs><rect width="120" height="120" fill="url(#g)"/><rect x="38" y="38" width="44" height="44" rx="9" fill="none" stroke="#f5c451" stroke-width="5"/><circle cx="51" cy="51" r="4" fill="#f5c451"/><circle cx="69" cy="69" r="4" fill="#f5c451"/><circle cx="60" cy="60" r="4" fill="#f5c451"/></svg>',
)}`;

/**
 * A game's square art: lazy, from the image CDN when our own, retried once on failure (at the
 * origin, in case the CDN is the problem), then our fallback (spec §9, DESIGN.md).
 */
export function GameArt({ src, className }: { src: string; className?: string }) {
  const [attempt, setAttempt] = useState(0);
  const cdns = useCdns();
  const url =
    src === '' || attempt >= 2
      ? fallbackArt
      : attempt === 1
        ? `${src}${src.includes('?') ? '&' : '?'}retry=1`
        : onCdn(src, cdns.image);
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      width={240}
      height={240}
      onError={() => setAttempt((value) => value + 1)}
      className={joinClassNames('size-full object-cover', className)}
      data-fallback={url === fallbackArt ? 'true' : undefined}
    />
  );
}
