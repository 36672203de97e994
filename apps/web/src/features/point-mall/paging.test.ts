import { describe, expect, it } from 'vitest';
import { filterOf, pageWithin, pagingOf, withFilter, withPage } from './paging';

describe('a record list’s paging', () => {
  it('starts a filter at its first page', () => {
    expect(pagingOf('approved')).toEqual({ filter: 'approved', page: 1 });
    expect(withFilter({ filter: null, page: 4 }, 'rejected')).toEqual({ filter: 'rejected', page: 1 });
  });

  it('keeps the page when the same filter is chosen again', () => {
    const paging = { filter: 'approved', page: 3 };
    expect(withFilter(paging, 'approved')).toBe(paging);
  });

  it('turns pages of the same filter, never below the first', () => {
    expect(withPage({ filter: 'slots', page: 1 }, 2)).toEqual({ filter: 'slots', page: 2 });
    expect(withPage({ filter: 'slots', page: 2 }, 0)).toEqual({ filter: 'slots', page: 1 });
  });

  it('shows the last page there is once the list has fewer pages', () => {
    expect(pageWithin(5, 3)).toBe(3);
    expect(pageWithin(2, 3)).toBe(2);
    expect(pageWithin(2, 0)).toBe(1);
  });

  it('takes a filter from the address only when it is one of the choices', () => {
    const statuses = ['processing', 'approved', 'rejected'] as const;
    expect(filterOf('approved', statuses)).toBe('approved');
    expect(filterOf('paid', statuses)).toBeNull();
    expect(filterOf(null, statuses)).toBeNull();
  });
});
