/** The apps a referral link is shared to, in the order the page offers them. */
export const SHARE_TARGETS = ['messenger', 'viber', 'whatsapp', 'telegram'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

/**
 * The address that opens `target` with the invitation written in: built here from the member's
 * link and the words in the page's language, so that nothing of it passes through the server.
 */
export function shareUrlOf(target: ShareTarget, link: string, text: string): string {
  const withLink = encodeURIComponent(`${text} ${link}`);
  switch (target) {
    case 'messenger':
      return `fb-messenger://share/?link=${encodeURIComponent(link)}`;
    case 'viber':
      return `viber://forward?text=${withLink}`;
    case 'whatsapp':
      return `https://wa.me/?text=${withLink}`;
    case 'telegram':
      return `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
  }
}
