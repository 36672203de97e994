import { joinClassNames } from '../../lib/class-names';

type LogoProps = {
  siteName: string;
  imageUrl?: string | null;
  /** Only the mark on the narrowest phones, where the header needs the room for its buttons. */
  isNarrowCompact?: boolean;
};

function LogoMark() {
  return (
    <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden="true">
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#9b7dff" />
          <stop offset="1" stopColor="#5b3de0" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#logo-gradient)" />
      <path d="M22 48V16h13a10 10 0 0 1 0 20h-6v12z" fill="#f5c451" />
    </svg>
  );
}

/** The operator's LOGO resource when set, else the site mark and name drawn inline (no request). */
export function Logo({ siteName, imageUrl, isNarrowCompact = false }: LogoProps) {
  const full = imageUrl ? (
    <img src={imageUrl} alt={siteName} className="h-8 w-auto max-w-40 object-contain object-left" />
  ) : (
    <span className="inline-flex items-center gap-2">
      <LogoMark />
      <span className="text-lg font-extrabold tracking-tight">{siteName}</span>
    </span>
  );
  if (!isNarrowCompact) return full;
  return (
    <>
      <span className="min-[420px]:hidden" role="img" aria-label={siteName}>
        <LogoMark />
      </span>
      <span className={joinClassNames('hidden min-[420px]:inline-flex')}>{full}</span>
    </>
  );
}
