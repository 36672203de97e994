import { Gift } from 'lucide-react';
import { useState } from 'react';
import { joinClassNames } from '../../../lib/class-names';

/**
 * A promotion's picture at a fixed 2:1 (the space is held before it loads, DESIGN.md), or, when
 * there is none or it fails to load, a calm gradient with a gift so the card never shows a hole.
 */
export function PromotionCover({
  src,
  alt,
  isLazy = true,
  className,
}: {
  src: string | null;
  alt: string;
  isLazy?: boolean;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const isShown = src !== null && src !== '' && failedSrc !== src;
  return (
    <div className={joinClassNames('relative aspect-[2/1] w-full overflow-hidden bg-raised', className)}>
      {isShown ? (
        <img
          src={src}
          alt={alt}
          loading={isLazy ? 'lazy' : 'eager'}
          decoding="async"
          onError={() => setFailedSrc(src)}
          className="size-full object-cover"
        />
      ) : (
        <div
          role="img"
          aria-label={alt}
          className="grid size-full place-items-center bg-[linear-gradient(135deg,var(--panalo-brand),var(--panalo-raised)_70%)]"
        >
          <Gift size={40} strokeWidth={1.5} aria-hidden="true" className="text-accent" />
        </div>
      )}
    </div>
  );
}
