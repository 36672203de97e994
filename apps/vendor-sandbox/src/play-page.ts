import { escapeHtml, GAME_PAGE_TEXTS, type GamePageInput, renderGamePage } from './game-page.ts';

const PICKS: Record<
  'coin' | 'wheel' | 'card' | 'hilo' | 'slot',
  { value: string; EN: string; TY: string }[]
> = {
  coin: [
    { value: 'heads', EN: 'Heads', TY: 'Ulo' },
    { value: 'tails', EN: 'Tails', TY: 'Buntot' },
  ],
  wheel: [{ value: 'spin', EN: 'Spin', TY: 'Paikutin' }],
  slot: [{ value: 'spin', EN: 'Spin', TY: 'Paikutin' }],
  card: [{ value: 'draw', EN: 'Draw', TY: 'Bumunot' }],
  hilo: [
    { value: 'higher', EN: 'Higher', TY: 'Mas mataas' },
    { value: 'lower', EN: 'Lower', TY: 'Mas mababa' },
  ],
};

const TEXTS = {
  EN: {
    ...GAME_PAGE_TEXTS.EN,
    win: 'Win',
    result: 'Result',
    close: 'Close',
    lines: 'Lines',
  },
  TY: {
    ...GAME_PAGE_TEXTS.TY,
    win: 'Panalo',
    result: 'Resulta',
    close: 'Isara',
    lines: 'Linya',
  },
};

/**
 * A game's page: pick a side or spin (a slot on the lines chosen), and see the result and the balance. The page's vendor
 * backend talks to the platform; the page tells the embedding page to refresh the balance after
 * each round.
 */
export function playPage({ vendor, game, language }: GamePageInput): string {
  const texts = TEXTS[language];
  const buttons = (PICKS[game.kind as keyof typeof PICKS] ?? [])
    .map(
      (pick) =>
        `<button type="button" data-pick="${pick.value}" data-testid="pick-${pick.value}">${escapeHtml(pick[language])}</button>`,
    )
    .join('');
  return renderGamePage(
    { vendor, game, language },
    {
      texts,
      style: `  body { margin: 0; font-family: system-ui, sans-serif; background: linear-gradient(160deg, ${game.colours[1]}, #0b0b12); color: #fff; min-height: 100vh; display: flex; align-items: center; justify-content: center; }
  main { width: min(420px, 92vw); padding: 24px; border-radius: 20px; background: rgba(255,255,255,0.08); box-shadow: 0 10px 40px rgba(0,0,0,0.4); }
  h1 { font-size: 1.3rem; margin: 0 0 4px; } .vendor { opacity: 0.7; margin: 0 0 16px; font-size: 0.9rem; }
  .row { display: flex; justify-content: space-between; align-items: center; margin: 12px 0; gap: 12px; }
  input { width: 120px; font-size: 1rem; padding: 8px; border-radius: 8px; border: 0; }
  button { font-size: 1rem; padding: 12px 18px; border-radius: 999px; border: 0; background: ${game.colours[0]}; color: #111; font-weight: 700; cursor: pointer; flex: 1; }
  button:disabled { opacity: 0.5; cursor: wait; }
  .picks { display: flex; gap: 10px; margin-top: 16px; }
  .result { min-height: 2.5em; margin-top: 16px; font-size: 1.1rem; text-align: center; }
  [hidden] { display: none !important; }
  .badge { display: inline-block; padding: 2px 8px; border-radius: 6px; background: rgba(255,255,255,0.2); font-size: 0.8rem; }`,
      body: `<main>
  <h1>${escapeHtml(game.names[language])}</h1>
  <p class="vendor">${escapeHtml(vendor.name)} · ${game.gameType} <span class="badge" id="demo" hidden>${texts.demo}</span></p>
  <div class="row"><span>${texts.balance}</span><strong data-testid="vendor-balance" id="balance">…</strong></div>
  <div class="row"><label for="stake">${texts.stake}</label><input id="stake" data-testid="stake" inputmode="decimal" value="10.00"></div>
${game.lines === undefined ? '' : `  <div class="row"><label for="lines">${texts.lines}</label><input id="lines" data-testid="lines" inputmode="numeric" value="${game.lines}"></div>\n`}  <div class="picks">${buttons}</div>
  <p class="result" data-testid="result" id="result" aria-live="polite"></p>
</main>`,
      script: `  const mode = params.get('mode') === 'demo' ? 'demo' : 'real';
  const balance = document.getElementById('balance');
  const result = document.getElementById('result');
  const buttons = [...document.querySelectorAll('button[data-pick]')];
  let sessionId = null;
  document.getElementById('demo').hidden = mode !== 'demo';
  for (const button of buttons) button.disabled = true;
  const started = await api('start', { gameCode: config.gameCode, mode, token: params.get('token') });
  if (started.ok) {
    sessionId = started.body.sessionId;
    balance.textContent = started.body.balance;
    for (const button of buttons) button.disabled = false;
  } else {
    result.textContent = started.body.error;
  }
  for (const button of buttons) {
    button.addEventListener('click', async () => {
      for (const other of buttons) other.disabled = true;
      result.textContent = '…';
      delete result.dataset.status;
      try {
        const lines = document.getElementById('lines');
        const played = await api('play', {
          sessionId,
          stake: document.getElementById('stake').value,
          pick: button.dataset.pick,
          ...(lines ? { lines: Number(lines.value) } : {}),
        });
        const body = played.body;
        if (body.balance) balance.textContent = body.balance;
        result.textContent = body.status === 'OK'
          ? texts.result + ': ' + body.result + ' · ' + texts.win + ': ' + body.win
          : (body.status ?? body.error);
        result.dataset.status = body.status ?? 'ERROR';
        tellHost();
      } finally {
        for (const other of buttons) other.disabled = false;
      }
    });
  }`,
    },
  );
}
