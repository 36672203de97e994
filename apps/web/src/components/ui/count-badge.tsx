import { joinClassNames } from '../../lib/class-names';

/** How many unread or new things wait (messages, notices), past 99 as "99+"; nothing at none. */
export function CountBadge({ count, className }: { count: number | undefined; className: string }) {
  if (count === undefined || count <= 0) return null;
  return (
    <span
      className={joinClassNames(
        'grid place-items-center rounded-full bg-danger px-1 font-bold text-on-brand tabular',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
