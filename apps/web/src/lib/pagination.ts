/** Spec §9: announcements page with range 5 and margin 1; every other list with range 5 and margin 2. */
export const announcementPagination = { range: 5, margin: 1 } as const;
export const defaultPagination = { range: 5, margin: 2 } as const;

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The page numbers to show: `range` pages around the current one, `margin` pages at each end, and a
 * gap between runs. A gap that would hide a single page shows that page instead (a "…" standing for
 * one number saves nothing).
 */
export function listPageItems(input: {
  current: number;
  total: number;
  range: number;
  margin: number;
}): PageItem[] {
  const total = Math.max(0, Math.floor(input.total));
  if (total === 0) return [];
  const current = Math.min(Math.max(1, Math.floor(input.current)), total);
  const range = Math.max(1, input.range);
  const margin = Math.max(0, input.margin);

  let windowStart = current - Math.floor((range - 1) / 2);
  let windowEnd = windowStart + range - 1;
  if (windowStart < 1) {
    windowEnd += 1 - windowStart;
    windowStart = 1;
  }
  if (windowEnd > total) {
    windowStart = Math.max(1, windowStart - (windowEnd - total));
    windowEnd = total;
  }

  const shown = new Set<number>();
  for (let page = 1; page <= Math.min(margin, total); page += 1) shown.add(page);
  for (let page = windowStart; page <= windowEnd; page += 1) shown.add(page);
  for (let page = Math.max(1, total - margin + 1); page <= total; page += 1) shown.add(page);

  const pages = [...shown].sort((left, right) => left - right);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page - previous === 2) items.push({ kind: 'page', page: previous + 1 });
    else if (page - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}-${page}` });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
}
