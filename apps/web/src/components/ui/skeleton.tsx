import { joinClassNames } from '../../lib/class-names';

/** A shimmering placeholder that holds the space of what is loading (no spinners, DESIGN.md). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={joinClassNames('skeleton rounded-md', className)} />;
}

export function SkeletonLines({ lines = 3 }: { lines?: number }) {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
        <Skeleton key={index} className={joinClassNames('h-4', index === lines - 1 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  );
}
