import { Dialog } from '../../../components/ui/dialog';
import { useGameFrameMessages } from '../../../lib/games/game-frame';

/**
 * game popup: a launched game in an embedded frame; the game can ask to be closed, and its balance
 * messages (and closing it) refresh the header balance.
 */
export function GamePopupModal({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  useGameFrameMessages(url, onClose);
  return (
    <Dialog title={title} onClose={onClose} size="game" testId="game-popup">
      <div className="-mx-4 -my-4 md:-mx-5">
        <iframe
          src={url}
          title={title}
          className="block aspect-[9/16] max-h-[78dvh] w-full border-0 bg-bg md:aspect-video md:max-h-none"
          allow="autoplay; fullscreen"
          sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
        />
      </div>
    </Dialog>
  );
}
