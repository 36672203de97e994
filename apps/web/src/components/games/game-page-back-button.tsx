import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The back arrow at the start of a game page's bar (lottery, seamless), which leaves the game. */
export function GamePageBackButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('lobby.back')}
      className="grid size-11 shrink-0 place-items-center rounded-md text-muted hover:text-text"
      data-testid={testId}
    >
      <ArrowLeft size={20} aria-hidden="true" />
    </button>
  );
}
