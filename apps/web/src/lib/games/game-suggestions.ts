import { create } from 'zustand';
import type { GameItem } from './catalogue-api';

/** A game under maintenance answers with hot games to play instead (spec §8); the lobby shows them. */
type GameSuggestionsState = {
  games: GameItem[] | null;
  show: (games: GameItem[]) => void;
  dismiss: () => void;
};

export const useGameSuggestions = create<GameSuggestionsState>((set) => ({
  games: null,
  show: (games) => set({ games }),
  dismiss: () => set({ games: null }),
}));
