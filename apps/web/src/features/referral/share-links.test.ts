import { describe, expect, it } from 'vitest';
import { SHARE_TARGETS, shareUrlOf } from './share-links';

const LINK = 'https://panalo.example/?ref=AB23CD45';

describe('shareUrlOf', () => {
  it('writes the link, encoded, into each app’s share address', () => {
    expect(shareUrlOf('messenger', LINK, 'Sali ka')).toBe(
      'fb-messenger://share/?link=https%3A%2F%2Fpanalo.example%2F%3Fref%3DAB23CD45',
    );
    expect(shareUrlOf('viber', LINK, 'Sali ka')).toBe(
      'viber://forward?text=Sali%20ka%20https%3A%2F%2Fpanalo.example%2F%3Fref%3DAB23CD45',
    );
    expect(shareUrlOf('whatsapp', LINK, 'Join & win')).toBe(
      'https://wa.me/?text=Join%20%26%20win%20https%3A%2F%2Fpanalo.example%2F%3Fref%3DAB23CD45',
    );
    expect(shareUrlOf('telegram', LINK, 'Join')).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Fpanalo.example%2F%3Fref%3DAB23CD45&text=Join',
    );
  });

  it('keeps the code whole in every target', () => {
    for (const target of SHARE_TARGETS) {
      expect(decodeURIComponent(shareUrlOf(target, LINK, 'x'))).toContain('ref=AB23CD45');
    }
  });
});
