// A record list's filter and page (redeem history by status, points details by type): choosing
// another filter starts again at its first page, and a page past the end, after the list
// shrank, shows the last one there is.

export type Paging<Filter> = { filter: Filter; page: number };

/** The first page of a filter. */
export function pagingOf<Filter>(filter: Filter): Paging<Filter> {
  return { filter, page: 1 };
}

/** Another filter: its first page; the same filter again changes nothing. */
export function withFilter<Filter>(paging: Paging<Filter>, filter: Filter): Paging<Filter> {
  return paging.filter === filter ? paging : { filter, page: 1 };
}

/** Another page of the same filter, never below the first. */
export function withPage<Filter>(paging: Paging<Filter>, page: number): Paging<Filter> {
  const next = Math.max(1, Math.floor(page));
  return next === paging.page ? paging : { ...paging, page: next };
}

/** The page to show of `totalPages`: the one asked for, or the last when fewer pages are left. */
export function pageWithin(page: number, totalPages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, totalPages));
}

/** A filter from the address (`?status=` or `?type=`): one of `choices`, or none. */
export function filterOf<Choice extends string>(
  value: string | null,
  choices: readonly Choice[],
): Choice | null {
  return choices.find((choice) => choice === value) ?? null;
}
