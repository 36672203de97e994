import { create } from 'zustand';
import { readStorage, storageKeys, writeStorage } from './storage-keys';

type LayoutState = {
  /** Desktop: the side menu stays on the left, full or collapsed to icons. */
  isSideMenuCollapsed: boolean;
  /** Phone: the side menu is a drawer. */
  isDrawerOpen: boolean;
  toggleSideMenu: () => void;
  setDrawerOpen: (isOpen: boolean) => void;
};

export const useLayoutStore = create<LayoutState>((set, get) => ({
  isSideMenuCollapsed: readStorage('local', storageKeys.sideMenuCollapsed) === '1',
  isDrawerOpen: false,
  toggleSideMenu: () => {
    const isSideMenuCollapsed = !get().isSideMenuCollapsed;
    writeStorage('local', storageKeys.sideMenuCollapsed, isSideMenuCollapsed ? '1' : '0');
    set({ isSideMenuCollapsed });
  },
  setDrawerOpen: (isDrawerOpen) => set({ isDrawerOpen }),
}));
