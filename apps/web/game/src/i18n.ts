import { createContext, useContext } from 'react';
import { en, type Messages } from './locales/en';
import { ty } from './locales/ty';

/** The spec's language codes: TY (Tagalog, the default) and EN. */
export type Language = 'TY' | 'EN';

export function readLanguage(value: string | null): Language {
  return value?.toUpperCase() === 'EN' ? 'EN' : 'TY';
}

export function messagesOf(language: Language): Messages {
  return language === 'EN' ? en : ty;
}

/** Fills {{name}} placeholders. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(params[name] ?? ''));
}

export const MessagesContext = createContext<Messages>(ty);

export function useMessages(): Messages {
  return useContext(MessagesContext);
}
