import { describe, expect, it } from 'vitest';
import { AnnouncementInputSchema, BannerInputSchema, checkInput } from './content-inputs.ts';
import { OPERATOR_HTML_MAX_LENGTH } from './operator-html.ts';

describe('operator input', () => {
  it('accepts a well-formed announcement', () => {
    const input = {
      type: 'PU',
      execution: 'A',
      title: { TY: 'Pamagat', EN: 'Title' },
      content: { EN: '<p>x</p>' },
    };
    expect(checkInput(AnnouncementInputSchema, input)).toBe(input);
  });

  it('refuses HTML longer than the limit instead of cutting it', () => {
    const input = {
      type: 'B',
      title: { EN: 'Long' },
      content: { EN: 'x'.repeat(OPERATOR_HTML_MAX_LENGTH + 1) },
    };
    expect(() => checkInput(AnnouncementInputSchema, input)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        value: { fields: { 'content.EN': expect.any(String) } },
      }),
    );
  });

  it('refuses an unknown type, an empty title and a bad language code', () => {
    expect(() =>
      checkInput(AnnouncementInputSchema, { type: 'Z', title: { EN: 'x' }, content: { EN: '' } }),
    ).toThrow();
    expect(() =>
      checkInput(AnnouncementInputSchema, { type: 'B', title: {}, content: { EN: '' } }),
    ).toThrow();
    expect(() =>
      checkInput(AnnouncementInputSchema, { type: 'B', title: { english: 'x' }, content: { EN: '' } }),
    ).toThrow();
  });

  it('refuses banner images from javascript:, data: or protocol-relative URLs', () => {
    for (const imageUrl of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '//evil.example/a.svg']) {
      const banner = {
        groupName: 'w_home',
        title: { EN: 'x' },
        imageUrl,
        linkType: 'NONE',
        linkTarget: null,
        sortOrder: 0,
      };
      expect(() => checkInput(BannerInputSchema, banner), imageUrl).toThrow();
    }
    const good = {
      groupName: 'w_home',
      title: { EN: 'x' },
      imageUrl: '/media/a.svg',
      linkType: 'NONE',
      linkTarget: null,
      sortOrder: 0,
    };
    expect(checkInput(BannerInputSchema, good)).toBe(good);
  });
});
