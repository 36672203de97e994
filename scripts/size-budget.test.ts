import { describe, expect, it } from 'vitest';
import { collectInitialJavaScript, findEntryKey, type Manifest } from './size-budget.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js', '_query-c3.js'],
    dynamicImports: ['src/features/wallet/wallet-page.tsx'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_query-c3.js': { file: 'assets/query-c3.js', imports: ['_react-b2.js', '_shared-d4.js'] },
  '_shared-d4.js': { file: 'assets/shared-d4.js' },
  'src/features/wallet/wallet-page.tsx': {
    file: 'assets/wallet-page-e5.js',
    imports: ['_wallet-only-f6.js'],
    dynamicImports: [],
  },
  '_wallet-only-f6.js': { file: 'assets/wallet-only-f6.js' },
  'src/styles/index.css': { file: 'assets/index-g7.css' },
  'game/index.html': { file: 'assets/game-h8.js', isEntry: true },
};

describe('the home route initial JavaScript', () => {
  it('starts from the player app index.html even when another page is an entry too', () => {
    expect(findEntryKey(manifest)).toBe('index.html');
    expect(findEntryKey({ 'game/index.html': { file: 'g.js', isEntry: true } })).toBe('game/index.html');
    expect(() => findEntryKey({ 'a.js': { file: 'a.js' } })).toThrow(/no entry/);
  });

  it('counts static imports transitively, each once, and leaves dynamic imports out', () => {
    expect(collectInitialJavaScript(manifest, 'index.html').sort()).toEqual([
      'assets/index-a1.js',
      'assets/query-c3.js',
      'assets/react-b2.js',
      'assets/shared-d4.js',
    ]);
  });

  it('refuses a manifest that names a chunk it does not describe', () => {
    expect(() =>
      collectInitialJavaScript({ 'index.html': { file: 'i.js', imports: ['_gone.js'] } }, 'index.html'),
    ).toThrow(/_gone\.js/);
  });
});
