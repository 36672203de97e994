import { expect, it } from 'vitest';
import { readHelpAnchor } from './footer';

it('a footer help entry opens the help modal at its anchor, and other addresses stay links', () => {
  expect(readHelpAnchor('/help#term')).toBe('term');
  expect(readHelpAnchor('#privacy')).toBe('privacy');
  expect(readHelpAnchor('faq')).toBe('faq');
  expect(readHelpAnchor('https://example.com/about')).toBeNull();
});
