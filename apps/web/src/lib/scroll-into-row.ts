/** A box's left and right edges, as getBoundingClientRect answers them. */
export type RowBox = { left: number; right: number };

/** Room left beside a chip scrolled into view, so that its neighbour shows there is more. */
export const ROW_SCROLL_MARGIN = 16;

/**
 * How far a sideways-scrolling row must scroll for `item` to show whole: negative to the left,
 * positive to the right, 0 when it shows already. An item wider than the row shows its start.
 */
export function scrollDeltaToShow(row: RowBox, item: RowBox, margin = ROW_SCROLL_MARGIN): number {
  const width = row.right - row.left;
  if (item.left < row.left || item.right - item.left > width) return item.left - row.left - margin;
  if (item.right > row.right) return item.right - row.right + margin;
  return 0;
}

/**
 * Scrolls a row sideways (and nothing around it) so that its child matching `selector` shows whole.
 * A row that is not laid out (hidden) is left alone.
 */
export function scrollSelectedIntoRow(row: HTMLElement | null, selector: string): void {
  const item = row?.querySelector<HTMLElement>(selector);
  if (!row || !item || row.clientWidth === 0) return;
  const delta = scrollDeltaToShow(row.getBoundingClientRect(), item.getBoundingClientRect());
  if (delta !== 0) row.scrollLeft += delta;
}
