import type { PopupExecution } from '../../lib/api/system-types';
import { storageKeys } from '../../lib/storage-keys';

/**
 * Spec §4: logged-in users see announcements of execution A (first-time logins also F); visitors B.
 */
export function selectPopupExecutions(viewer: { isLogin: boolean; isFirstLogin: boolean }): PopupExecution[] {
  if (!viewer.isLogin) return ['B'];
  return viewer.isFirstLogin ? ['A', 'F'] : ['A'];
}

/** The session-storage key of the "closed" flag: per user, or one anonymous key for visitors. */
export function buildClosedFlagKey(userId: string | null): string {
  return `${storageKeys.publicPopupClosedPrefix}${userId ?? 'anonymous'}`;
}

/** The popup opens once per session: only after announcements loaded, only if there are some, only if not closed. */
export function shouldOpenPublicPopup(input: {
  isLoaded: boolean;
  count: number;
  isClosed: boolean;
  wasShown: boolean;
}): boolean {
  return input.isLoaded && input.count > 0 && !input.isClosed && !input.wasShown;
}
