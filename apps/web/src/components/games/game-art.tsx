import { useState } from 'react';
import { onCdn } from '../../lib/cdn';
import { joinClassNames } from '../../lib/class-names';
import { useCdns } from '../../lib/system/system-hooks';
import { GameCover } from './game-cover';

/**
 * A game's square art: lazy, from the image CDN when our own, retried once on failure (at the
 * origin, in case the CDN is the problem), then the cover the site draws, which is also what a
 * game without art shows (spec §9, DESIGN.md "Imagery").
 */
export function GameArt({
  src,
  coverKey,
  title,
  vendorName,
  className,
}: {
  src: string;
  coverKey: string;
  title: string;
  vendorName?: string | null | undefined;
  className?: string;
}) {
  const [attempt, setAttempt] = useState(0);
  const cdns = useCdns();
  if (src === '' || attempt >= 2) {
    return <GameCover coverKey={coverKey} title={title} vendorName={vendorName} isFallback={src !== ''} />;
  }
  const url = attempt === 1 ? `${src}${src.includes('?') ? '&' : '?'}retry=1` : onCdn(src, cdns.image);
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
    />
  );
}
