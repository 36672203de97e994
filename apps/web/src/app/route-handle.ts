import { useMatches } from 'react-router';

/** What a route tells the shell about itself (spec §2). */
export type RouteHandle = {
  /** The route name; scrolling to the top happens when it changes. */
  name: string;
  requiresLogin?: boolean;
  hasFooter?: boolean;
  hasSideMenu?: boolean;
  /**
   * False where the announcements popup would stand between the player and what they came for: a
   * game, and the first deposit a new member lands on. It opens on the next page instead.
   */
  hasAnnouncementsPopup?: boolean;
  /**
   * A game's page: on a phone the site's header gives way to the game's one slim bar (back, name,
   * balance and deposit), and no floating button covers the game's controls.
   */
  isGame?: boolean;
};

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof (handle as { name?: unknown }).name === 'string'
  );
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return { name: 'unknown' };
}
