import { useEffect, useRef } from 'react';
import { whenIdle } from '../../../lib/idle';
import { useModalStore } from '../../../lib/modal-store';
import { readStorage } from '../../../lib/storage-keys';
import { useAnnouncements } from '../api/announcements';
import { useViewer } from '../hooks/use-viewer';
import { buildClosedFlagKey, shouldOpenPublicPopup } from '../popup-rules';

/** How long the popup waits at most for the page to settle before it opens anyway. */
const OPEN_WAIT_MS = 1500;

/**
 * Opens publicModal once per session after the viewer's announcements have loaded (spec §2, §4),
 * when the page has settled: over a page still rendering it would make one long task of both.
 */
export function PublicPopupTrigger() {
  const viewer = useViewer();
  const announcements = useAnnouncements({ ...viewer, pageNo: 1 });
  const openModal = useModalStore((state) => state.openModal);
  // Another popup the user asked for (login on /login, help on /help) stays in front; this one waits.
  const hasOtherModal = useModalStore((state) => state.stack.length > 0);
  const wasShown = useRef(false);
  const closedKey = buildClosedFlagKey(viewer.userId);

  useEffect(() => {
    const isOpen = shouldOpenPublicPopup({
      isLoaded: announcements.isSuccess,
      count: announcements.list.length,
      isClosed: readStorage('session', closedKey) === '1',
      wasShown: wasShown.current,
    });
    if (!isOpen || hasOtherModal) return;
    return whenIdle(() => {
      wasShown.current = true;
      openModal('publicModal');
    }, OPEN_WAIT_MS);
  }, [announcements.isSuccess, announcements.list.length, closedKey, openModal, hasOtherModal]);

  return null;
}
