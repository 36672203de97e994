import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { joinClassNames } from '../../../lib/class-names';
import { gameTypeLinks, homeCategories, homeCategoryIcons } from '../../../lib/game-routes';

export type HomeCategory = keyof typeof homeCategoryIcons;

const chipClass =
  'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors duration-150';

/**
 * The category row: HOME, HOT and FAV switch the lobby in place; the game types lead to their pages
 * (the server's vendor categories join this row with the lobby work).
 */
export function CategoryMenu({
  value,
  onChange,
}: {
  value: HomeCategory | null;
  onChange: (category: HomeCategory) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('home.categoryLabel')}
      className="scrollbar-none -mx-3 flex gap-2 overflow-x-auto px-3 md:mx-0 md:px-0 md:pr-8 md:[mask-image:linear-gradient(to_right,black_calc(100%-32px),transparent)]"
      data-testid="category-menu"
    >
      {homeCategories.map((key) => {
        const Icon = homeCategoryIcons[key];
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
          >
            <Icon size={18} aria-hidden="true" />
            {t(`games.${key}`)}
          </button>
        );
      })}
      {gameTypeLinks.map(({ key, path, icon: Icon }) => (
        <Link
          key={key}
          to={path}
          className={joinClassNames(chipClass, 'bg-raised text-muted hover:text-text')}
        >
          <Icon size={18} aria-hidden="true" />
          {t(`games.${key}`)}
        </Link>
      ))}
    </nav>
  );
}
