import { expect, it } from 'vitest';
import type { HelpSection } from '../../../lib/api/system-types';
import { findSectionByAnchor } from './help-center';

const sections: HelpSection[] = [
  { id: '1', title: 'About', anchor: 'about', articles: [] },
  {
    id: '2',
    title: 'Terms',
    anchor: 'rules',
    articles: [{ id: 'a', title: 'User agreement', content: '', anchor: 'term' }],
  },
];

it('the help modal opens at the section holding the anchor, else at the first section', () => {
  expect(findSectionByAnchor(sections, 'about')?.id).toBe('1');
  expect(findSectionByAnchor(sections, 'term')?.id).toBe('2');
  expect(findSectionByAnchor(sections, 'missing')?.id).toBe('1');
  expect(findSectionByAnchor(sections, undefined)?.id).toBe('1');
  expect(findSectionByAnchor([], 'term')).toBeUndefined();
});
