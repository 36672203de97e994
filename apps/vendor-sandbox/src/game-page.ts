import type { SandboxGame, SandboxVendorProfile } from './catalogue.ts';

/** What every game page is drawn for: the game, its vendor and the player's language. */
export type GamePageInput = { vendor: SandboxVendorProfile; game: SandboxGame; language: 'EN' | 'TY' };

/** The words of the balance, the stake and the demo badge, the same on every game page. */
export const GAME_PAGE_TEXTS = {
  EN: { balance: 'Balance', stake: 'Stake', demo: 'Demo — play money' },
  TY: { balance: 'Balanse', stake: 'Taya', demo: 'Demo — pera-perahan' },
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The document around a game page, as the launch URL opens it in the platform's game iframe. Its
 * script starts with what every page uses: the page's config (the vendor's slug and the game code
 * first), its texts, the page's own address, where the launch token and mode come from, `api`
 * for the vendor's backend (the page talks to nothing else) and `tellHost`, which tells the
 * embedding page to refresh the balance (API.md "Socket events": `{ type: "panalo:balance" }`).
 */
export function renderGamePage(
  { vendor, game, language }: GamePageInput,
  page: {
    config?: Record<string, unknown>;
    texts: Record<string, string>;
    style: string;
    body: string;
    script: string;
  },
): string {
  const config = JSON.stringify({ slug: vendor.slug, gameCode: game.gameCode, ...page.config });
  return `<!doctype html>
<html lang="${language === 'TY' ? 'fil' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(game.names[language])} — ${escapeHtml(vendor.name)}</title>
<style>
${page.style}
</style>
</head>
<body>
${page.body}
<script type="module">
  const config = ${config};
  const texts = ${JSON.stringify(page.texts)};
  const params = new URLSearchParams(location.search);
  const api = async (path, body) => {
    const response = await fetch('/' + config.slug + '/api/' + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { ok: response.ok, body: await response.json() };
  };
  const tellHost = () => { if (window.parent !== window) window.parent.postMessage({ type: 'panalo:balance' }, '*'); };
${page.script}
</script>
</body>
</html>`;
}
