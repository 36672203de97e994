import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { LanguageCode } from '../api/system-types';
import { defaultLanguage, languageTags, readInitialLanguage, saveLanguage } from './language-storage';
import type { Translation } from './locales/en';

function readStorageSafely(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
    };
  }
}

const initialLanguage =
  typeof window === 'undefined' ? defaultLanguage : readInitialLanguage(readStorageSafely());

export const i18n = i18next.createInstance();

// Each language's strings are a chunk of their own, so the first load carries only the one in use.
const loadTranslation: Record<LanguageCode, () => Promise<Translation>> = {
  TY: () => import('./locales/ty').then((module) => module.ty),
  EN: () => import('./locales/en').then((module) => module.en),
};

async function ensureLanguageLoaded(language: LanguageCode): Promise<void> {
  const tag = languageTags[language];
  if (i18n.hasResourceBundle(tag, 'translation')) return;
  i18n.addResourceBundle(tag, 'translation', await loadTranslation[language]());
}

/** Called once before the first render, with the saved (or default) language's strings loaded. */
export async function initializeI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: languageTags[initialLanguage],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  await ensureLanguageLoaded(initialLanguage);
  document.documentElement.lang = languageTags[initialLanguage];
}

type LanguageState = { language: LanguageCode; setLanguage: (language: LanguageCode) => void };

/** The chosen language; query keys include it so language-dependent data reloads when it changes. */
export const useLanguageStore = create<LanguageState>((set) => ({
  language: initialLanguage,
  setLanguage: (language) => {
    saveLanguage(readStorageSafely(), language);
    void ensureLanguageLoaded(language).then(() => {
      document.documentElement.lang = languageTags[language];
      void i18n.changeLanguage(languageTags[language]);
      set({ language });
    });
  },
}));

export function useLanguage(): LanguageCode {
  return useLanguageStore((state) => state.language);
}

export { useTranslation };
