import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { whenIdle } from '../../../lib/idle';
import { useModalStore } from '../../../lib/modal-store';
import { useAuthStore } from '../../../lib/session/auth-store';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage-keys';
import { usePublicState } from '../../../lib/system/system-hooks';
import { CONTRACTS_KEY } from '../api/contracts';
import { hasUnseenOffers, readSeenIds, rememberShown } from '../contract-modal-rules';
import { useWaitingOffers } from '../hooks/use-waiting-offers';

/** How long the modal waits at most for the page to settle before it opens anyway. */
const OPEN_WAIT_MS = 1500;

/**
 * Opens the contract modal (spec §2) when an agent logs in or comes back with offers waiting for
 * its answer: once per session, and again when an offer it was not shown arrives (an offer comes
 * with an inbox message, so a rise of the unread count asks for the offers again). It waits behind
 * any other modal.
 */
export function ContractModalTrigger() {
  const memberId = useAuthStore((state) => state.member?.id ?? null);
  const queryClient = useQueryClient();
  const { offers } = useWaitingOffers();
  const openModal = useModalStore((state) => state.openModal);
  const hasOtherModal = useModalStore((state) => state.stack.length > 0);
  const unread = usePublicState().data?.unreadMessage;
  const lastUnread = useRef(unread);
  const seenKey = `${storageKeys.contractOffersSeenPrefix}${memberId ?? ''}`;
  const waitingIds = offers.map(({ offer }) => offer.id).join(',');

  useEffect(() => {
    const previous = lastUnread.current;
    lastUnread.current = unread;
    if (unread !== undefined && previous !== undefined && unread > previous) {
      void queryClient.invalidateQueries({ queryKey: CONTRACTS_KEY });
    }
  }, [unread, queryClient]);

  useEffect(() => {
    const ids = waitingIds ? waitingIds.split(',') : [];
    const seen = readSeenIds(readStorage('session', seenKey));
    if (!memberId || hasOtherModal || !hasUnseenOffers(ids, seen)) return;
    return whenIdle(() => {
      writeStorage('session', seenKey, JSON.stringify(rememberShown(seen, ids)));
      openModal('contract');
    }, OPEN_WAIT_MS);
  }, [memberId, waitingIds, hasOtherModal, seenKey, openModal]);

  return null;
}
