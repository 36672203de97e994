import { create } from 'zustand';
import { readStorage, storageKeys, writeStorage } from './storage-keys';

export type Theme = 'dark' | 'light';

function readInitialTheme(): Theme {
  const saved = readStorage('local', storageKeys.theme);
  // Dark is the site's default (DESIGN.md); light is a choice the user makes and keeps.
  return saved === 'light' ? 'light' : 'dark';
}

type ThemeState = { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void };

function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#0f0c1d' : '#f6f5fb');
  writeStorage('local', storageKeys.theme, theme);
}

export const useThemeStore = create<ThemeState>((set, get) => ({
  theme: readInitialTheme(),
  setTheme: (theme) => {
    applyTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));
