// Every browser-storage key the web app uses, in one place, so that two features never collide.
export const storageKeys = {
  /** Session storage: the session token of the logged-in user (spec §4: "token stored for session"). */
  token: 'token',
  /** Session storage, two keys, plus local storage: the merchant code (spec §9). */
  merchant: 'merchant',
  merchantCode: 'merchantCode',
  /** Local storage: the chosen language and the language history (spec §4). */
  language: 'language',
  historyLanguage: 'historyLanguage',
  /** Local storage: 'dark' or 'light'. */
  theme: 'theme',
  /** Local storage: '1' while the player keeps the floating customer-service button tucked at the edge. */
  customerServiceTucked: 'customerServiceTucked',
  /** Local storage: whether the desktop side menu is collapsed. */
  sideMenuCollapsed: 'sideMenuCollapsed',
  /** Session storage prefix of the "public popup closed" flags (spec §4, per user or anonymous). */
  publicPopupClosedPrefix: 'publicPopupClosed:',
  /** Local storage: '1' while the member keeps the header balance hidden as stars. */
  balanceHidden: 'balanceHidden',
  /** Session storage prefix of the cached hot games, per language and filter (spec §4, §9 HOT_GAMES). */
  hotGamesPrefix: 'HOT_GAMES:',
  /** Local storage: this browser's random device id, sent as X-Device-Id (lib/device-id.ts). */
  deviceId: 'deviceId',
  /** Local storage prefix of the "first deposit prompt seen" flags, per member (it shows once). */
  firstDepositSeenPrefix: 'firstDepositSeen:',
  /** Session storage prefix of the contract offers the contract modal has shown, per agent (spec §2). */
  contractOffersSeenPrefix: 'contractOffersSeen:',
  /** Local storage: '1' once this device has confirmed the entry question's minimum age (it shows once). */
  ageConfirmed: 'ageConfirmed',
  /** Session storage: a visitor's live-chat token (docs/chat.md), kept out of every address. */
  chatToken: 'chatToken',
  /** Session storage: '1' when this session was started from the installed app (lib/pwa/app-launch-mark.ts). */
  appLaunch: 'appLaunch',
  /** Session storage prefix of the "installed app's launch sent" flags, per member (lib/pwa/app-launch.ts). */
  appLaunchSentPrefix: 'appLaunchSent:',
} as const;

/** Reads storage without throwing where storage is disabled (private mode, sandboxed frames). */
export function readStorage(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(storage: 'local' | 'session', key: string, value: string | null): void {
  try {
    const target = storage === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // Storage can be full or disabled; the app keeps working with in-memory state.
  }
}
