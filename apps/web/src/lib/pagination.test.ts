import { describe, expect, it } from 'vitest';
import { announcementPagination, defaultPagination, listPageItems, type PageItem } from './pagination';

function render(items: PageItem[]): string {
  return items.map((item) => (item.kind === 'page' ? String(item.page) : '…')).join(' ');
}

describe('page numbers', () => {
  it('shows every page when they fit', () => {
    expect(render(listPageItems({ current: 1, total: 4, ...defaultPagination }))).toBe('1 2 3 4');
    expect(render(listPageItems({ current: 3, total: 9, ...defaultPagination }))).toBe('1 2 3 4 5 … 8 9');
    expect(render(listPageItems({ current: 4, total: 7, ...defaultPagination }))).toBe('1 2 3 4 5 6 7');
  });

  it('keeps a range of five around the current page with one page of margin for announcements', () => {
    expect(render(listPageItems({ current: 10, total: 20, ...announcementPagination }))).toBe(
      '1 … 8 9 10 11 12 … 20',
    );
  });

  it('keeps two pages of margin for other lists', () => {
    expect(render(listPageItems({ current: 10, total: 20, ...defaultPagination }))).toBe(
      '1 2 … 8 9 10 11 12 … 19 20',
    );
  });

  it('slides the range against the start and the end instead of shrinking it', () => {
    expect(render(listPageItems({ current: 1, total: 20, ...announcementPagination }))).toBe(
      '1 2 3 4 5 … 20',
    );
    expect(render(listPageItems({ current: 20, total: 20, ...announcementPagination }))).toBe(
      '1 … 16 17 18 19 20',
    );
  });

  it('shows a single hidden page instead of a gap', () => {
    expect(render(listPageItems({ current: 4, total: 20, ...announcementPagination }))).toBe(
      '1 2 3 4 5 6 … 20',
    );
  });

  it('clamps a current page outside the list and shows nothing for an empty list', () => {
    expect(render(listPageItems({ current: 99, total: 3, ...defaultPagination }))).toBe('1 2 3');
    expect(listPageItems({ current: 1, total: 0, ...defaultPagination })).toEqual([]);
  });
});
