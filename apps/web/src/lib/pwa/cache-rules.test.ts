import { describe, expect, it } from 'vitest';
import { cacheRuleOf } from './cache-rules';

const ORIGIN = 'https://www.panalo.test';

function ruleOf(path: string, options: { method?: string; mode?: string; origin?: string } = {}) {
  return cacheRuleOf(
    {
      method: options.method ?? 'GET',
      url: `${options.origin ?? ORIGIN}${path}`,
      mode: options.mode ?? 'cors',
    },
    ORIGIN,
  );
}

describe('what the lite app’s service worker answers from its cache', () => {
  it('never touches the API, the socket, the wallet, the back office or the game client', () => {
    for (const path of [
      '/wps/system/permission?language=TY',
      '/wps/game/house/bet',
      '/lgw/agent/overview',
      '/bo/players',
      '/wallet/v1/debit',
      '/pay/callback/sandbox',
      '/socket.io/?EIO=4&transport=polling',
      '/admin/',
      '/game/?game=dice',
      '/manifest.webmanifest',
      '/app-icons/icon-192.png',
    ]) {
      expect(ruleOf(path), path).toBe('pass');
      expect(ruleOf(path, { mode: 'navigate' }), path).toBe('pass');
    }
  });

  it('never touches another origin, even a built file’s path there', () => {
    expect(ruleOf('/assets/main-abc.js', { origin: 'https://cdn.example.com' })).toBe('pass');
    expect(ruleOf('/', { origin: 'https://vendor.example.com', mode: 'navigate' })).toBe('pass');
  });

  it('touches GETs only', () => {
    expect(ruleOf('/assets/main-abc.js', { method: 'POST' })).toBe('pass');
    expect(ruleOf('/', { method: 'POST', mode: 'navigate' })).toBe('pass');
  });

  it('answers built files and the favicon from the cache first, and pages from the network first', () => {
    expect(ruleOf('/assets/main-abc.js')).toBe('cache-first');
    expect(ruleOf('/assets/inter-latin-wght-normal-abc.woff2')).toBe('cache-first');
    expect(ruleOf('/favicon.svg')).toBe('cache-first');
    expect(ruleOf('/?source=pwa', { mode: 'navigate' })).toBe('network-first');
    expect(ruleOf('/games?vassalage=PG', { mode: 'navigate' })).toBe('network-first');
    expect(ruleOf('/m/appDownload', { mode: 'navigate' })).toBe('network-first');
  });

  it('leaves anything else to the network', () => {
    expect(ruleOf('/robots.txt')).toBe('pass');
  });
});
