import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../lib/api/system-types';
import { joinClassNames } from '../lib/class-names';
import { useLanguageStore } from '../lib/i18n/i18n';
import { supportedLanguages } from '../lib/i18n/language-storage';

const languageNames: Record<LanguageCode, string> = { TY: 'Tagalog', EN: 'English' };
const languageShortNames: Record<LanguageCode, string> = { TY: 'TL', EN: 'EN' };

/** A two-way segmented switch: both languages are always one tap away. */
export function LanguageSwitch({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const setLanguage = useLanguageStore((state) => state.setLanguage);
  return (
    <fieldset className="m-0 inline-flex min-w-0 items-center gap-1 rounded-md border-0 bg-raised p-1">
      <legend className="sr-only">{t('common.language')}</legend>
      {isCompact ? null : <Languages size={16} aria-hidden="true" className="mx-1.5 text-muted" />}
      {supportedLanguages.map((code) => (
        <button
          key={code}
          type="button"
          lang={code === 'TY' ? 'fil' : 'en'}
          aria-pressed={code === language}
          data-testid={`language-${code}`}
          onClick={() => setLanguage(code)}
          title={languageNames[code]}
          className={joinClassNames(
            'min-h-9 rounded-sm px-2.5 text-xs font-semibold transition-colors duration-150',
            code === language ? 'bg-brand text-on-brand' : 'text-muted hover:text-text',
          )}
        >
          {isCompact ? languageShortNames[code] : languageNames[code]}
        </button>
      ))}
    </fieldset>
  );
}
