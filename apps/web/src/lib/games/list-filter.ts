/**
 * The game lobby list's filters (spec §2 "Game lobby list", §4): a tab (ALL, HOT, FAV, RECENT),
 * a vendor, a classify group and the search text. Changing the vendor resets classify to ALL;
 * any filter change resets the tab to ALL and the list to its first page (the list's query key is
 * this state, so a new state starts again at page 1).
 */
export type ListTab = 'ALL' | 'HOT' | 'FAV' | 'RECENT';
export const listTabs: readonly ListTab[] = ['ALL', 'HOT', 'FAV', 'RECENT'];
export const allEntries = 'ALL';

export type ListFilterState = {
  tab: ListTab;
  /** A vendor's code, or ALL. */
  vassalage: string;
  /** A classify key, or ALL. */
  classify: string;
  searchText: string;
};

export type ListFilterAction =
  | { type: 'tab'; tab: ListTab }
  | { type: 'vendor'; vassalage: string }
  | { type: 'classify'; classify: string }
  | { type: 'search'; text: string };

export function initialListFilter(vassalage: string | null = null): ListFilterState {
  return { tab: 'ALL', vassalage: vassalage ?? allEntries, classify: allEntries, searchText: '' };
}

export function reduceListFilter(state: ListFilterState, action: ListFilterAction): ListFilterState {
  switch (action.type) {
    case 'tab':
      return { ...state, tab: action.tab };
    case 'vendor':
      if (action.vassalage === state.vassalage) return state;
      return { ...state, vassalage: action.vassalage, classify: allEntries, tab: 'ALL' };
    case 'classify':
      if (action.classify === state.classify) return state;
      return { ...state, classify: action.classify, tab: 'ALL' };
    case 'search':
      if (action.text === state.searchText) return state;
      return { ...state, searchText: action.text, tab: 'ALL' };
  }
}

/** Tabs other than ALL need a login (spec §2); HOT does not. */
export function tabNeedsLogin(tab: ListTab): boolean {
  return tab === 'FAV' || tab === 'RECENT';
}

/** Vendor and classify menus show only with more than one entry to choose (spec §2). */
export function showsChoice(entries: readonly unknown[]): boolean {
  return entries.length > 1;
}

/** The server's filter for the list: ALL means no filter; search applies to the ALL tab. */
export function toServerFilter(gameType: string | undefined, state: ListFilterState) {
  const text = state.searchText.trim();
  return {
    gameType,
    vassalage: state.vassalage === allEntries ? undefined : state.vassalage,
    gameClassify: state.classify === allEntries ? undefined : state.classify,
    gameName: text === '' ? undefined : text,
  };
}
