import { beforeEach, describe, expect, it } from 'vitest';
import { listenForInstallPrompt, promptInstall, useInstallPromptStore } from './install-prompt';

/** A window as far as the install offer is concerned: events, and the display mode it runs in. */
function fakeWindow(isStandalone = false) {
  const target = new EventTarget();
  return Object.assign(target, { matchMedia: () => ({ matches: isStandalone }) }) as unknown as Window &
    EventTarget;
}

/** The browser's offer: it records whether the page showed it and answers with the user's choice. */
function installOffer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const calls: string[] = [];
  return Object.assign(event, {
    calls,
    prompt: async () => {
      calls.push('prompt');
    },
    userChoice: Promise.resolve({ outcome }),
  });
}

beforeEach(() => {
  useInstallPromptStore.setState({ offer: null, isInstalled: false });
});

describe('the browser’s install offer', () => {
  it('is kept from boot instead of the browser’s own banner, and shown once when asked', async () => {
    const target = fakeWindow();
    listenForInstallPrompt(target);
    const offer = installOffer('accepted');
    target.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(useInstallPromptStore.getState().offer).toBe(offer);

    await expect(promptInstall()).resolves.toBe('accepted');
    expect(offer.calls).toEqual(['prompt']);
    expect(useInstallPromptStore.getState()).toMatchObject({ offer: null, isInstalled: true });
    // An offer is good for one dialog only.
    await expect(promptInstall()).resolves.toBe('unavailable');
  });

  it('is dropped when the user declines, and the app is not counted as installed', async () => {
    const target = fakeWindow();
    listenForInstallPrompt(target);
    target.dispatchEvent(installOffer('dismissed'));
    await expect(promptInstall()).resolves.toBe('dismissed');
    expect(useInstallPromptStore.getState()).toMatchObject({ offer: null, isInstalled: false });
  });

  it('counts the app as installed when the page runs standalone or the browser reports the install', () => {
    listenForInstallPrompt(fakeWindow(true));
    expect(useInstallPromptStore.getState().isInstalled).toBe(true);

    useInstallPromptStore.setState({ isInstalled: false });
    const target = fakeWindow();
    listenForInstallPrompt(target);
    target.dispatchEvent(installOffer('dismissed'));
    target.dispatchEvent(new Event('appinstalled'));
    expect(useInstallPromptStore.getState()).toMatchObject({ offer: null, isInstalled: true });
  });
});
