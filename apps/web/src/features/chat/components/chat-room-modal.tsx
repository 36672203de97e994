import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';

/**
 * Spec §2's chatRoom modal: our chat page in a frame inside the site (a bottom sheet on a phone,
 * where a popup window would only open another tab), the same page the 440 × 750 popup loads.
 */
export function ChatRoomModal({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('liveChatRoom.title')} onClose={onClose} size="sm" testId="chat-room-modal">
      <div className="-mx-4 -my-4 md:-mx-5">
        <iframe
          src={url}
          title={t('liveChatRoom.title')}
          className="block h-[min(750px,78dvh)] w-full border-0 bg-bg"
        />
      </div>
    </Dialog>
  );
}
