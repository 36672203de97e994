import { Crown } from 'lucide-react';
import { useState } from 'react';
import { joinClassNames } from '../../../lib/class-names';

/**
 * A level's badge: the operator's picture, or (none set, or it fails to load) a gold crown with
 * the rank, the same size either way so nothing shifts when the picture arrives.
 */
export function LevelBadge({
  level,
  size = 48,
  className,
}: {
  level: { rank: number; badgeUrl: string | null };
  size?: number;
  className?: string;
}) {
  const [hasFailed, setFailed] = useState(false);
  if (level.badgeUrl && !hasFailed) {
    return (
      <img
        src={level.badgeUrl}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={() => setFailed(true)}
        className={joinClassNames('shrink-0 rounded-full object-contain', className)}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={joinClassNames(
        'relative grid shrink-0 place-items-center rounded-full bg-accent/15 text-accent-text ring-1 ring-accent/40',
        className,
      )}
      style={{ width: size, height: size }}
    >
      <Crown size={Math.round(size * 0.5)} strokeWidth={1.75} />
      <span className="absolute -right-0.5 -bottom-0.5 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-[10px] leading-5 font-bold text-on-accent tabular">
        {level.rank}
      </span>
    </span>
  );
}
