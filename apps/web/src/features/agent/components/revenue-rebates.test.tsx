import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagalog, renderMarkup } from '../../../components/render-markup.test-support';
import { RebateIncome } from './revenue-report-page';

beforeAll(loadTagalog);

describe("the revenue report's rebates", () => {
  it("lists the agent's own rebates by the day they were paid, with their total", () => {
    const html = renderMarkup(
      <RebateIncome
        rebates={{
          days: [
            { day: '2026-11-25', amount: '12.50' },
            { day: '2026-11-26', amount: '7.25' },
          ],
          total: '19.75',
        }}
      />,
    );
    expect(html).toContain('Aking mga balik-taya');
    expect(html.split('data-testid="revenue-rebate-day"')).toHaveLength(3);
    expect(html).toContain('₱12.50');
    expect(html).toContain('₱7.25');
    expect(html).toContain('₱19.75');
  });
});
