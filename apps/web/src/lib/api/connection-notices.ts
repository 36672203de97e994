import { create } from 'zustand';

/**
 * The api client reports connection trouble here; the shell shows it as a toast (spec §8:
 * "Network link abnormal, try again" and "Page took longer to load, check your network").
 */
export type ConnectionNotice = {
  kind: 'network' | 'slow' | 'sessionEnded' | 'info';
  at: number;
  text?: string;
};

type ConnectionNoticeState = {
  notice: ConnectionNotice | null;
  /** Shows a notice; `info` carries its own (already translated) text. */
  report: (kind: ConnectionNotice['kind'], text?: string) => void;
  dismiss: () => void;
};

export const useConnectionNotices = create<ConnectionNoticeState>((set) => ({
  notice: null,
  report: (kind, text) => set({ notice: { kind, at: Date.now(), ...(text ? { text } : {}) } }),
  dismiss: () => set({ notice: null }),
}));
