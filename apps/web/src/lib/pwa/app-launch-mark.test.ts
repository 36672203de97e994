import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../storage-keys';
import { markAppLaunch } from './app-launch-mark';

let session: Map<string, string>;

beforeEach(() => {
  session = new Map();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => session.get(key) ?? null,
      setItem: (key: string, value: string) => void session.set(key, value),
      removeItem: (key: string) => void session.delete(key),
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page at `address`, displayed standalone (the installed app) or in a browser tab. */
function page(address: string, isStandalone: boolean) {
  const url = new URL(address, 'https://www.panalo.test');
  return {
    location: { pathname: url.pathname, search: url.search } as Location,
    matchMedia: ((query: string) => ({
      matches: isStandalone && query === '(display-mode: standalone)',
    })) as Window['matchMedia'],
  };
}

describe('the mark of a session started from the installed app', () => {
  it('is set when the installed app opens at its start URL', () => {
    expect(markAppLaunch(page('/?source=pwa', true))).toBe(true);
    expect(session.get(storageKeys.appLaunch)).toBe('1');
  });

  it('is not set by the start URL in a browser tab, nor by another page of the installed app', () => {
    expect(markAppLaunch(page('/?source=pwa', false))).toBe(false);
    expect(markAppLaunch(page('/', true))).toBe(false);
    expect(markAppLaunch(page('/promotions?source=pwa', true))).toBe(false);
    expect(markAppLaunch(page('/?source=web', true))).toBe(false);
    expect(session.size).toBe(0);
  });

  it('lasts the session: a reload elsewhere in the app still carries it', () => {
    markAppLaunch(page('/?source=pwa', true));
    expect(markAppLaunch(page('/promotions', true))).toBe(true);
  });

  it('is not set where the browser cannot tell the display mode', () => {
    const { location } = page('/?source=pwa', true);
    expect(markAppLaunch({ location, matchMedia: undefined as unknown as Window['matchMedia'] })).toBe(false);
  });
});
