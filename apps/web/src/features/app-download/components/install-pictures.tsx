/**
 * Pictures of the install steps, drawn in the site's own tokens (so they follow the theme) rather
 * than copied from any browser or phone maker: the shapes a player looks for (the ⋮ menu, the
 * share square, the address bar's install mark) and the menu entry to tap, with our own words.
 */

type PictureProps = { title: string; labels: { action: string; confirm: string } };

/** The entry to tap: a soft fill with a gold outline. */
const HIGHLIGHT = 'fill-brand-soft stroke-accent';

/** A phone's outline with its screen, the browser's content drawn as the site's rows. */
function PhoneFrame({ children }: { children: React.ReactNode }) {
  return (
    <>
      <rect x="60" y="6" width="160" height="300" rx="22" className="fill-raised-strong" />
      <rect x="68" y="14" width="144" height="284" rx="16" className="fill-bg" />
      <rect x="80" y="70" width="120" height="40" rx="6" className="fill-raised" />
      <rect x="80" y="118" width="36" height="36" rx="6" className="fill-raised" />
      <rect x="122" y="118" width="36" height="36" rx="6" className="fill-raised" />
      <rect x="164" y="118" width="36" height="36" rx="6" className="fill-raised" />
      {children}
    </>
  );
}

/** A tap: a gold ring around what the finger touches, leaving it readable. */
function Tap({ x, y }: { x: number; y: number }) {
  return <circle cx={x} cy={y} r="13" className="fill-none stroke-accent" strokeWidth="3" />;
}

/** Android, Chrome: the ⋮ menu at the top right opened on its install entry. */
export function AndroidInstallPicture({ title, labels }: PictureProps) {
  return (
    <svg viewBox="0 0 280 312" role="img" aria-label={title} className="h-auto w-full max-w-72">
      <PhoneFrame>
        <rect x="76" y="24" width="112" height="22" rx="11" className="fill-raised" />
        <circle cx="200" cy="29" r="2.2" className="fill-text" />
        <circle cx="200" cy="35" r="2.2" className="fill-text" />
        <circle cx="200" cy="41" r="2.2" className="fill-text" />
        <rect x="92" y="52" width="120" height="118" rx="8" className="fill-surface stroke-line" />
        <rect x="104" y="66" width="72" height="7" rx="3.5" className="fill-muted" />
        <rect x="104" y="86" width="60" height="7" rx="3.5" className="fill-muted" />
        <rect x="96" y="102" width="112" height="30" rx="6" className={HIGHLIGHT} strokeWidth="1.5" />
        <rect
          x="103"
          y="110"
          width="14"
          height="14"
          rx="3"
          className="fill-none stroke-accent"
          strokeWidth="2"
        />
        <path d="M110 113v8M106.5 118l3.5 3.5 3.5-3.5" className="fill-none stroke-accent" strokeWidth="2" />
        <text x="122" y="120.5" className="fill-text text-[8px] font-bold">
          {labels.action}
        </text>
        <rect x="104" y="146" width="66" height="7" rx="3.5" className="fill-muted" />
      </PhoneFrame>
      <Tap x={200} y={35} />
    </svg>
  );
}

/** iOS, Safari: the share square in the bottom bar, and the sheet's Add to Home Screen row. */
export function IosInstallPicture({ title, labels }: PictureProps) {
  return (
    <svg viewBox="0 0 280 312" role="img" aria-label={title} className="h-auto w-full max-w-72">
      <PhoneFrame>
        <rect x="68" y="160" width="144" height="138" rx="14" className="fill-surface" />
        <rect x="120" y="168" width="40" height="4" rx="2" className="fill-line" />
        <rect x="80" y="182" width="120" height="26" rx="6" className="fill-raised" />
        <rect x="78" y="214" width="124" height="30" rx="6" className={HIGHLIGHT} strokeWidth="1.5" />
        <text x="84" y="232" className="fill-text text-[8px] font-bold">
          {labels.action}
        </text>
        <rect
          x="183"
          y="222"
          width="13"
          height="13"
          rx="3"
          className="fill-none stroke-accent"
          strokeWidth="2"
        />
        <path d="M189.5 225v7M186 228.5h7" className="fill-none stroke-accent" strokeWidth="2" />
        <rect x="80" y="250" width="120" height="26" rx="6" className="fill-raised" />
        <rect x="68" y="278" width="144" height="20" className="fill-raised-strong" />
        <path d="M135 294v-10h-4M145 284h4v10h-14" className="fill-none stroke-text" strokeWidth="1.6" />
        <path
          d="M140 290v-12M136.5 281.5l3.5-3.5 3.5 3.5"
          className="fill-none stroke-text"
          strokeWidth="1.6"
        />
      </PhoneFrame>
      <Tap x={140} y={288} />
    </svg>
  );
}

/** A computer, Chrome or Edge: the install mark at the address bar's right and the dialog it opens. */
export function DesktopInstallPicture({ title, labels }: PictureProps) {
  return (
    <svg viewBox="0 0 320 220" role="img" aria-label={title} className="h-auto w-full max-w-96">
      <rect x="6" y="6" width="308" height="208" rx="12" className="fill-raised-strong" />
      <rect x="12" y="36" width="296" height="172" rx="4" className="fill-bg" />
      <circle cx="22" cy="20" r="4" className="fill-danger" />
      <circle cx="34" cy="20" r="4" className="fill-warning" />
      <circle cx="46" cy="20" r="4" className="fill-success" />
      <rect x="60" y="12" width="230" height="18" rx="9" className="fill-raised" />
      <rect x="70" y="18" width="90" height="6" rx="3" className="fill-muted" />
      <rect
        x="266"
        y="15"
        width="16"
        height="12"
        rx="2"
        className="fill-none stroke-accent"
        strokeWidth="1.6"
      />
      <path d="M274 17.5v6M271.5 21l2.5 2.5 2.5-2.5" className="fill-none stroke-accent" strokeWidth="1.6" />
      <rect x="24" y="48" width="150" height="60" rx="6" className="fill-raised" />
      <rect x="24" y="116" width="44" height="44" rx="6" className="fill-raised" />
      <rect x="76" y="116" width="44" height="44" rx="6" className="fill-raised" />
      <rect x="128" y="116" width="44" height="44" rx="6" className="fill-raised" />
      <rect x="176" y="40" width="124" height="76" rx="8" className="fill-surface stroke-line" />
      <text x="188" y="62" className="fill-text text-[10px] font-bold">
        {labels.action}
      </text>
      <rect x="188" y="70" width="80" height="5" rx="2.5" className="fill-muted" />
      <rect x="236" y="86" width="54" height="20" rx="6" className="fill-brand" />
      <text x="263" y="100" textAnchor="middle" className="fill-on-brand text-[9px] font-bold">
        {labels.confirm}
      </text>
      <Tap x={274} y={21} />
    </svg>
  );
}
