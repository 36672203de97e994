import type { CSSProperties } from 'react';
import { type CoverMotif, coverStyleOf } from '../../lib/games/game-cover';

// Each motif is a CSS background over the gradient: light rays from a corner, rings around the
// middle, or a lattice of diamonds. Gradients only, so a cover costs no request and no script.
const motifLayers: Record<CoverMotif, string> = {
  rays: 'repeating-conic-gradient(from 200deg at 100% 0%, rgb(255 255 255 / 0.09) 0deg 6deg, transparent 6deg 14deg)',
  rings:
    'repeating-radial-gradient(circle at 50% 42%, transparent 0 14px, rgb(255 255 255 / 0.08) 14px 17px)',
  diamonds:
    'repeating-linear-gradient(45deg, rgb(255 255 255 / 0.07) 0 2px, transparent 2px 18px), repeating-linear-gradient(-45deg, rgb(255 255 255 / 0.07) 0 2px, transparent 2px 18px)',
};

/**
 * The cover of a game without art of its own (DESIGN.md "Imagery"): the game's name in large type
 * and its vendor's name under a gold rule, on a gradient whose hue and motif follow from the game.
 * The text scales with the tile (container units), from the winner board's thumbnails to a wide grid.
 */
export function GameCover({
  coverKey,
  title,
  vendorName,
  isFallback = false,
}: {
  /** What the colour follows: the game's node id, the same in every language. */
  coverKey: string;
  title: string;
  vendorName?: string | null | undefined;
  /** Whether this stands in for art that failed to load. */
  isFallback?: boolean;
}) {
  const style = coverStyleOf(coverKey);
  const background: CSSProperties = {
    backgroundImage: `radial-gradient(circle at 30% 20%, rgb(255 255 255 / 0.18), transparent 55%), ${motifLayers[style.motif]}, linear-gradient(150deg, ${style.light}, ${style.deep})`,
  };
  return (
    <div
      aria-hidden="true"
      className="@container relative size-full overflow-hidden text-left"
      style={background}
      data-testid="game-cover"
      data-fallback={isFallback ? 'true' : undefined}
    >
      <div className="absolute inset-[4cqi] rounded-[6cqi] border border-accent/45" />
      <div className="absolute inset-0 flex flex-col justify-end gap-[3cqi] p-[10cqi]">
        <span className="line-clamp-3 text-[14cqi] leading-[1.05] font-extrabold break-words text-balance text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.35)]">
          {title}
        </span>
        {vendorName ? (
          <>
            <span className="h-[1.5cqi] w-[22cqi] rounded-full bg-accent" />
            <span className="text-[8.5cqi] leading-tight font-bold tracking-wide text-balance text-white/80 uppercase">
              {vendorName}
            </span>
          </>
        ) : null}
      </div>
    </div>
  );
}
