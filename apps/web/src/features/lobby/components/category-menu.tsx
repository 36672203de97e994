import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../../lib/class-names';
import { gameTypeLinks, homeCategoryIcons } from '../../../lib/game-routes';

/** HOME, HOT, FAV, or a server category (LIVE, RNG, INHOUSE …). */
export type HomeCategory = string;

const chipClass =
  'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors duration-150';

/**
 * The category row (spec §2): HOME, HOT, the categories the server lists (only those with
 * vendors), FAV. Each switches the lobby in place.
 */
export function CategoryMenu({
  value,
  serverCategories,
  onChange,
}: {
  value: HomeCategory | null;
  serverCategories: readonly string[];
  onChange: (category: HomeCategory) => void;
}) {
  const { t } = useTranslation();
  const keys = ['HOME', 'HOT', ...serverCategories, 'FAV'];
  return (
    <nav
      aria-label={t('home.categoryLabel')}
      className="scrollbar-none -mx-3 flex gap-2 overflow-x-auto px-3 md:mx-0 md:px-0 md:pr-8 md:[mask-image:linear-gradient(to_right,black_calc(100%-32px),transparent)]"
      data-testid="category-menu"
    >
      {keys.map((key) => {
        const Icon =
          homeCategoryIcons[key as keyof typeof homeCategoryIcons] ??
          gameTypeLinks.find((link) => link.key === key)?.icon;
        const isActive = key === value;
        return (
          <button
            key={key}
            type="button"
            aria-pressed={isActive}
            onClick={() => onChange(key)}
            className={joinClassNames(
              chipClass,
              isActive ? 'bg-brand text-on-brand' : 'bg-raised text-muted hover:text-text',
            )}
            data-category={key}
          >
            {Icon ? <Icon size={18} aria-hidden="true" /> : null}
            {t(`games.${key}`, { defaultValue: t('games.OTHER') })}
          </button>
        );
      })}
    </nav>
  );
}
