import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../components/render-markup.test-support';
import { MessageContent } from './components/messages-page';

describe('an opened message', () => {
  it("shows the operator's mail as the HTML the server sanitised", () => {
    const html = renderMarkup(
      <MessageContent message={{ format: 'html', content: '<p>Hi <strong>friend</strong></p>' }} />,
    );
    expect(html).toContain('<p>Hi <strong>friend</strong></p>');
  });

  it("shows the platform's own messages as text, never as markup", () => {
    const html = renderMarkup(
      <MessageContent message={{ format: 'text', content: 'Paid <b>₱100.00</b>' }} />,
    );
    expect(html).toContain('Paid &lt;b&gt;₱100.00&lt;/b&gt;');
    expect(html).not.toContain('<b>');
  });
});
