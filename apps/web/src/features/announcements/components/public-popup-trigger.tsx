import { useEffect, useRef } from 'react';
import { useModalStore } from '../../../lib/modal-store';
import { readStorage } from '../../../lib/storage-keys';
import { useAnnouncements } from '../api/announcements';
import { useViewer } from '../hooks/use-viewer';
import { buildClosedFlagKey, shouldOpenPublicPopup } from '../popup-rules';

/** Opens publicModal once per session after the viewer's announcements have loaded (spec §2, §4). */
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
    wasShown.current = true;
    openModal('publicModal');
  }, [announcements.isSuccess, announcements.list.length, closedKey, openModal, hasOtherModal]);

  return null;
}
