import { api } from './api/api-client';
import { isApiError } from './api/api-error';
import { useConnectionNotices } from './api/connection-notices';
import type { CustomerServiceEntry } from './api/system-types';
import { i18n } from './i18n/i18n';
import { useModalStore } from './modal-store';

/** Spec §2: customer service opens in a popup window of 440 by 750. */
export const customerServiceWindow = { width: 440, height: 750 } as const;

/** A web address opens in the popup; mailto: and tel: go to the device's mail or phone app. */
export function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function popupFeatures(): string {
  const { width, height } = customerServiceWindow;
  const left = Math.max(0, Math.round((window.screen.width - width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/** Whether an address is our own chat page on this site (docs/chat.md), not an external chat. */
function isOwnChatPage(url: string): boolean {
  try {
    const address = new URL(url, window.location.href);
    return address.origin === window.location.origin && address.pathname === '/chat';
  } catch {
    return false;
  }
}

/** Popups open as another tab on a phone: there the chat opens in the chatRoom modal instead. */
function isPhone(): boolean {
  return !window.matchMedia('(min-width: 768px)').matches;
}

/** Where an entry opens from. */
type OpenOptions = {
  /** Whether the site's modals are there: the maintenance and region pages have none. */
  hasModals?: boolean;
};

/**
 * Opens the live chat (spec §7 "Live chat"): GET /wps/chat/launch answers where it is, our chat page
 * (the 440 × 750 popup on a desktop, the chatRoom modal on a phone, or this tab on a phone where the
 * page has no modals) or the external chat an operator set.
 */
async function openLiveChat({ hasModals = true }: OpenOptions): Promise<void> {
  const popup = isPhone() ? null : window.open('about:blank', 'panalo-cs-LIVECHAT', popupFeatures());
  let chatUrl: string;
  try {
    ({ chatUrl } = await api.get('/wps/chat/launch'));
  } catch (error) {
    popup?.close();
    if (!isApiError(error) || (error.code !== 'NETWORK' && error.code !== 'TIMEOUT')) {
      useConnectionNotices.getState().report('info', i18n.t('status.noSupport'));
    }
    return;
  }
  if (popup) {
    // Our own page may keep its opener (it is this site); an external chat must not reach this page.
    if (!isOwnChatPage(chatUrl)) popup.opener = null;
    popup.location.href = chatUrl;
    return;
  }
  if (isOwnChatPage(chatUrl)) {
    if (hasModals) useModalStore.getState().openModal('chatRoom', { url: chatUrl });
    else window.location.assign(chatUrl);
    return;
  }
  window.open(chatUrl, '_blank', 'noopener');
}

/**
 * Opens a customer-service entry. Spec §3 seals its path in the permission response, so the
 * address is asked for on the click (GET /wps/system/customerService/open). Popup blockers allow a
 * window only while the click is fresh, which the request may outlast, so the popup is opened
 * blank at once and sent on when the address arrives; an EMAIL entry is a mailto: address and
 * gets no popup at all.
 */
export async function openCustomerService(
  entry: Pick<CustomerServiceEntry, 'path' | 'csType'>,
  options: OpenOptions = {},
): Promise<void> {
  if (entry.csType === 'LIVECHAT') return openLiveChat(options);
  const name = `panalo-cs-${entry.csType}`;
  const popup = entry.csType === 'EMAIL' ? null : window.open('about:blank', name, popupFeatures());
  // The support site must not be able to navigate this page (what noopener would do; noopener itself
  // makes window.open return null, which is indistinguishable from a blocked popup).
  if (popup) popup.opener = null;

  let url: string;
  try {
    ({ url } = await api.get('/wps/system/customerService/open', {
      params: { query: { path: entry.path } },
    }));
  } catch (error) {
    popup?.close();
    // A network failure has shown its own notice already.
    if (!isApiError(error) || (error.code !== 'NETWORK' && error.code !== 'TIMEOUT')) {
      useConnectionNotices.getState().report('info', i18n.t('status.noSupport'));
    }
    return;
  }

  if (!isWebAddress(url)) {
    popup?.close();
    window.location.href = url;
    return;
  }
  if (popup) {
    popup.location.href = url;
    return;
  }
  // Popup blockers return null; fall back to a new tab so the user still reaches support.
  window.open(url, '_blank', 'noopener');
}

/** Picks the live chat entry first, as the header and the status pages offer one main button. */
export function pickPrimaryCustomerService(entries: readonly CustomerServiceEntry[] | undefined) {
  return entries?.find((entry) => entry.csType === 'LIVECHAT') ?? entries?.[0] ?? null;
}
