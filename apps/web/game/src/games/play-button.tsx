import { useMessages } from '../i18n';

/** A game's main button: it sends the round, and says the round is on its way until it is answered. */
export function PlayButton({
  label,
  isBusy,
  isDisabled = false,
  onPlay,
}: {
  label: string;
  isBusy: boolean;
  /** Besides while busy: when the bet as set up cannot be sent. */
  isDisabled?: boolean;
  onPlay: () => Promise<void>;
}) {
  const m = useMessages();
  return (
    <button
      type="button"
      className="g-play"
      disabled={isBusy || isDisabled}
      onClick={() => void onPlay()}
      data-testid="play"
    >
      {isBusy ? m.playing : label}
    </button>
  );
}
