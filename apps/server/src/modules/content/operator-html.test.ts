import { describe, expect, it } from 'vitest';
import { sanitizeOperatorHtml } from './operator-html.ts';

describe('operator HTML', () => {
  it('removes scripts, styles, frames and their contents', () => {
    const clean = sanitizeOperatorHtml(
      '<p>Hi</p><script>alert(1)</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe>',
    );
    expect(clean).toBe('<p>Hi</p>');
  });

  it('removes event handlers and inline styles', () => {
    const clean = sanitizeOperatorHtml(
      '<p onclick="steal()" style="position:fixed">x</p><img src="/a.png" onerror="steal()">',
    );
    expect(clean).toBe('<p>x</p><img src="/a.png" />');
  });

  it('drops javascript: and data: URLs from links and images', () => {
    const clean = sanitizeOperatorHtml(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt&#58;alert(1)">b</a><img src="data:image/svg+xml;base64,PHN2Zz4=">',
    );
    expect(clean).not.toMatch(/javascript|data:/i);
    expect(clean).toContain('>a</a>');
  });

  it('keeps basic formatting and makes links open without an opener', () => {
    const clean = sanitizeOperatorHtml(
      '<h3 id="x">T</h3><ul><li><strong>b</strong></li></ul><a href="https://panalo.example" target="_blank">go</a>',
    );
    expect(clean).toBe(
      '<h3 id="x">T</h3><ul><li><strong>b</strong></li></ul><a href="https://panalo.example" target="_blank" rel="noopener noreferrer">go</a>',
    );
  });

  it('refuses forms, SVG and objects', () => {
    const clean = sanitizeOperatorHtml(
      '<form action="/x"><input name="p"></form><svg onload="x()"></svg><object data="x"></object>ok',
    );
    expect(clean).toBe('ok');
  });
});
