import { describe, expect, it } from 'vitest';
import { onCdn, pickCdn } from './cdn';

describe('pickCdn', () => {
  it('picks by the random draw once, and keeps that pick for the page load', () => {
    const list = ['https://img-a.example/', 'https://img-b.example'];
    expect(pickCdn(list, () => 0.75)).toBe('https://img-b.example');
    expect(pickCdn(list, () => 0)).toBe('https://img-b.example');
  });

  it('answers null for an empty list or one without http(s) entries', () => {
    expect(pickCdn([])).toBeNull();
    expect(pickCdn(['javascript:alert(1)', 'ftp://files.example'])).toBeNull();
  });
});

describe('onCdn', () => {
  it('moves our root-relative paths to the CDN and leaves other URLs alone', () => {
    expect(onCdn('/media/games/dice.webp', 'https://img.example')).toBe(
      'https://img.example/media/games/dice.webp',
    );
    expect(onCdn('https://vendor.example/icon.png', 'https://img.example')).toBe(
      'https://vendor.example/icon.png',
    );
    expect(onCdn('//vendor.example/icon.png', 'https://img.example')).toBe('//vendor.example/icon.png');
    expect(onCdn('data:image/svg+xml,abc', 'https://img.example')).toBe('data:image/svg+xml,abc');
    expect(onCdn('/media/x.webp', null)).toBe('/media/x.webp');
  });
});
