import type { CustomerServiceEntry } from './api/system-types';

/** Spec §2: customer service opens in a popup window of 440 by 750. */
export const customerServiceWindow = { width: 440, height: 750 } as const;

export function openCustomerService(entry: Pick<CustomerServiceEntry, 'path' | 'csType'>): void {
  const { width, height } = customerServiceWindow;
  const left = Math.max(0, Math.round((window.screen.width - width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - height) / 2));
  const opened = window.open(
    entry.path,
    `panalo-cs-${entry.csType}`,
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  // Popup blockers return null; fall back to a new tab so the user still reaches support.
  if (!opened) {
    window.open(entry.path, '_blank', 'noopener');
    return;
  }
  // The support site must not be able to navigate this page (what noopener would do; noopener itself
  // makes window.open return null, which is indistinguishable from a blocked popup).
  opened.opener = null;
}

/** Picks the live chat entry first, as the header and the status pages offer one main button. */
export function pickPrimaryCustomerService(entries: readonly CustomerServiceEntry[] | undefined) {
  return entries?.find((entry) => entry.csType === 'LIVECHAT') ?? entries?.[0] ?? null;
}
