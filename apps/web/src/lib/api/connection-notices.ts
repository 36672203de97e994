import { create } from 'zustand';

/**
 * The api client reports connection trouble here; the shell shows it as a toast (spec §8:
 * "Network link abnormal, try again" and "Page took longer to load, check your network").
 */
export type ConnectionNotice = { kind: 'network' | 'slow'; at: number };

type ConnectionNoticeState = {
  notice: ConnectionNotice | null;
  report: (kind: ConnectionNotice['kind']) => void;
  dismiss: () => void;
};

export const useConnectionNotices = create<ConnectionNoticeState>((set) => ({
  notice: null,
  report: (kind) => set({ notice: { kind, at: Date.now() } }),
  dismiss: () => set({ notice: null }),
}));
