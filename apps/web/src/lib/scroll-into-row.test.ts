import { describe, expect, it } from 'vitest';
import { scrollDeltaToShow } from './scroll-into-row';

describe('scrolling a chip row to the chosen chip', () => {
  const row = { left: 16, right: 374 };

  it('leaves a chip that shows whole where it is', () => {
    expect(scrollDeltaToShow(row, { left: 16, right: 120 })).toBe(0);
    expect(scrollDeltaToShow(row, { left: 300, right: 374 })).toBe(0);
  });

  it('scrolls right to a chip past the row’s end, with a margin beyond it', () => {
    // The manual rebate's chip, sixth in the row on a 390 px phone.
    expect(scrollDeltaToShow(row, { left: 620, right: 760 })).toBe(760 - 374 + 16);
    expect(scrollDeltaToShow(row, { left: 300, right: 380 })).toBe(6 + 16);
  });

  it('scrolls left to a chip before the row’s start', () => {
    expect(scrollDeltaToShow(row, { left: -200, right: -90 })).toBe(-200 - 16 - 16);
  });

  it('shows the start of a chip wider than the row', () => {
    expect(scrollDeltaToShow(row, { left: 400, right: 900 }, 0)).toBe(400 - 16);
  });
});
