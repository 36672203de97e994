import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { joinClassNames } from '../lib/class-names';
import { useGameCategoryLinks } from '../lib/games/use-game-categories';

const shownTypesMax = 4;
/** Types shown from 1,440 px up to 2xl (1,536 px); from 2xl, all four. */
const shownTypesLaptop = 3;
/** Types shown below 1,440 px (the header's nav starts at xl, 1,280 px). */
const shownTypesNarrow = 2;

/**
 * The header's game types (spec §2 "Header": a hover dropdown of vendors per game type): each
 * links to its list, and hovering or focusing it shows its vendors, each opening the list of that
 * vendor alone.
 */
export function GameTypeNavLinks() {
  const { t } = useTranslation();
  const links = useGameCategoryLinks().slice(0, shownTypesMax);
  // Four types fit beside the member's buttons only on the widest screens; below that three, and
  // below 1,440 px two: the Tagalog names, the member's buttons and a VIP label leave no more room
  // without a sideways scroll.
  return links.map(({ key, path, vendors }, index) => (
    <div
      key={key}
      className={joinClassNames(
        'group relative',
        index >= shownTypesLaptop
          ? 'hidden 2xl:block'
          : index >= shownTypesNarrow && 'hidden min-[1440px]:block',
      )}
      data-testid={`header-type-${key}`}
    >
      <NavLink
        to={path}
        className={({ isActive }) =>
          joinClassNames(
            'inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors',
            isActive ? 'text-text' : 'text-muted hover:bg-raised hover:text-text',
          )
        }
      >
        {t(`games.${key}`)}
        {vendors.length > 0 ? (
          <ChevronDown
            size={14}
            aria-hidden="true"
            className="transition-transform duration-150 group-hover:rotate-180"
          />
        ) : null}
      </NavLink>
      {vendors.length > 0 ? (
        <div className="invisible absolute top-full left-0 z-40 pt-2 opacity-0 transition-opacity duration-150 group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
          <ul className="min-w-52 rounded-lg border border-line bg-surface p-2 shadow-raised">
            {vendors.map((vendor) => (
              <li key={vendor.vassalage}>
                <Link
                  to={`${path}?vassalage=${encodeURIComponent(vendor.vassalage)}`}
                  className="flex min-h-11 items-center rounded-md px-3 text-sm font-semibold tracking-wide text-muted uppercase hover:bg-raised hover:text-text"
                >
                  {vendor.accountTypeName}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  ));
}
