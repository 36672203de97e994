import { useMemo, useState } from 'react';
import { onCdn } from '../../lib/cdn';
import { joinClassNames } from '../../lib/class-names';
import { coverDataUrl } from '../../lib/games/game-cover';
import { useCdns } from '../../lib/system/system-hooks';

/**
 * A game's square art: lazy, from the image CDN when our own, retried once on failure (at the
 * origin, in case the CDN is the problem), then the cover the site draws, which is also what a
 * game without art shows: its name and vendor on a colour of its own (spec §9, DESIGN.md "Imagery").
 */
export function GameArt({
  src,
  coverKey,
  title,
  vendorName,
  className,
}: {
  src: string;
  /** What the cover's colour follows: the game's node id, the same in every language. */
  coverKey: string;
  title: string;
  vendorName?: string | null | undefined;
  className?: string;
}) {
  const [attempt, setAttempt] = useState(0);
  const cdns = useCdns();
  const isCover = src === '' || attempt >= 2;
  const cover = useMemo(
    () => (isCover ? coverDataUrl({ key: coverKey, title, vendorName }) : null),
    [isCover, coverKey, title, vendorName],
  );
  const url =
    cover ?? (attempt === 1 ? `${src}${src.includes('?') ? '&' : '?'}retry=1` : onCdn(src, cdns.image));
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      width={240}
      height={240}
      onError={isCover ? undefined : () => setAttempt((value) => value + 1)}
      className={joinClassNames('size-full object-cover', className)}
      data-cover={isCover ? 'true' : undefined}
      data-fallback={isCover && src !== '' ? 'true' : undefined}
    />
  );
}
