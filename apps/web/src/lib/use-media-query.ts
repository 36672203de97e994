import { useSyncExternalStore } from 'react';

/** Tailwind's phone widths (below md), as the layout's CSS draws them. */
export const phoneMediaQuery = '(max-width: 767px)';

/**
 * Whether the screen matches a media query now, following it as it changes. For what must not be
 * in the page at all at some widths (two copies of one control), where CSS could only hide it.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
