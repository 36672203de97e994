import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../components/ui/button';
import { joinClassNames } from '../lib/class-names';
import { useThemeStore } from '../lib/theme';

export function ThemeSwitch({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const setTheme = useThemeStore((state) => state.setTheme);
  if (isCompact) {
    const next = theme === 'dark' ? 'light' : 'dark';
    return (
      <IconButton label={t('common.theme')} data-testid="theme-toggle" onClick={() => setTheme(next)}>
        {theme === 'dark' ? <Moon size={20} aria-hidden="true" /> : <Sun size={20} aria-hidden="true" />}
      </IconButton>
    );
  }
  return (
    <fieldset className="m-0 inline-flex min-w-0 items-center gap-1 rounded-md border-0 bg-raised p-1">
      <legend className="sr-only">{t('common.theme')}</legend>
      {(['dark', 'light'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === theme}
          data-testid={`theme-${option}`}
          onClick={() => setTheme(option)}
          className={joinClassNames(
            'inline-flex min-h-9 items-center gap-1.5 rounded-sm px-2.5 text-xs font-semibold transition-colors duration-150',
            option === theme ? 'bg-brand text-on-brand' : 'text-muted hover:text-text',
          )}
        >
          {option === 'dark' ? <Moon size={14} aria-hidden="true" /> : <Sun size={14} aria-hidden="true" />}
          {option === 'dark' ? t('common.themeDark') : t('common.themeLight')}
        </button>
      ))}
    </fieldset>
  );
}
