import { useEffect } from 'react';
import { Dialog } from '../../../components/ui/dialog';

/** Messages the game frame may send to the page (API.md "Socket events"). */
type GameFrameMessage = { type: 'panalo:close' } | { type: 'panalo:balance' };

function isGameFrameMessage(data: unknown): data is GameFrameMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'panalo:close' || type === 'panalo:balance';
}

/** game popup: a launched game in an embedded frame; the game can ask to be closed. */
export function GamePopupModal({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  useEffect(() => {
    const frameOrigin = new URL(url, window.location.href).origin;
    const receive = (event: MessageEvent) => {
      if (event.origin !== frameOrigin || !isGameFrameMessage(event.data)) return;
      if (event.data.type === 'panalo:close') onClose();
    };
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [url, onClose]);

  return (
    <Dialog title={title} onClose={onClose} size="lg" testId="game-popup">
      <div className="-mx-4 -my-4 md:-mx-5">
        <iframe
          src={url}
          title={title}
          className="block aspect-[9/16] max-h-[78dvh] w-full border-0 bg-bg md:aspect-video"
          allow="autoplay; fullscreen"
          sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
        />
      </div>
    </Dialog>
  );
}
