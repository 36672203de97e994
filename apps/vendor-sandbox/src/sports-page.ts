import { SPORTS_FIXTURES } from './catalogue.ts';
import { escapeHtml, GAME_PAGE_TEXTS, type GamePageInput, renderGamePage } from './game-page.ts';

const TEXTS = {
  EN: {
    ...GAME_PAGE_TEXTS.EN,
    pick: 'Pick an outcome',
    draw: 'Draw',
    place: 'Place bet',
    returns: 'Returns',
    myBets: 'My bets',
    none: 'No bets yet',
    settle: 'Settle open bets',
    open: 'Open',
    won: 'Won',
    lost: 'Lost',
    result: 'Result',
  },
  TY: {
    ...GAME_PAGE_TEXTS.TY,
    pick: 'Pumili ng resulta',
    draw: 'Tabla',
    place: 'Ilagay ang taya',
    returns: 'Balik',
    myBets: 'Aking mga taya',
    none: 'Wala pang taya',
    settle: 'Ayusin ang bukas na taya',
    open: 'Bukas',
    won: 'Panalo',
    lost: 'Talo',
    result: 'Resulta',
  },
};

/**
 * A sportsbook's page: the board of matches with odds, a bet slip (outcome, stake, possible
 * return) and the player's bets; a bet is settled by the settle button or, later, by the vendor's
 * timer. Like the other game pages it tells the embedding page to refresh the balance.
 */
export function sportsPage({ vendor, game, language }: GamePageInput): string {
  const texts = TEXTS[language];
  const fixtures = SPORTS_FIXTURES[game.gameCode] ?? [];
  const board = fixtures
    .map((fixture) => {
      const outcomes = (['home', 'draw', 'away'] as const).flatMap((outcome) => {
        const odds = fixture.odds[outcome];
        if (odds === null) return [];
        const label = outcome === 'home' ? fixture.home : outcome === 'away' ? fixture.away : texts.draw;
        return [
          `<button type="button" class="odds" data-fixture="${fixture.id}" data-outcome="${outcome}" data-odds="${odds}" data-label="${escapeHtml(label)}" data-testid="odds-${fixture.id}-${outcome}"><span>${escapeHtml(label)}</span><strong>${(odds / 100).toFixed(2)}</strong></button>`,
        ];
      });
      return `<li class="fixture"><p class="sport">${escapeHtml(fixture.sport[language])}</p><p class="teams">${escapeHtml(fixture.home)} <span>vs</span> ${escapeHtml(fixture.away)}</p><div class="outcomes">${outcomes.join('')}</div></li>`;
    })
    .join('');
  return renderGamePage(
    { vendor, game, language },
    {
      texts,
      style: `  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, sans-serif; background: linear-gradient(160deg, ${game.colours[1]}, #0b0b12); color: #fff; min-height: 100vh; }
  main { width: min(560px, 100%); margin: 0 auto; padding: 16px 14px 24px; }
  h1 { font-size: 1.2rem; margin: 0; } .vendor { opacity: 0.7; margin: 2px 0 12px; font-size: 0.85rem; }
  .top { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; }
  .balance { text-align: right; font-size: 0.8rem; opacity: 0.9; } .balance strong { display: block; font-size: 1.2rem; font-variant-numeric: tabular-nums; }
  ul { list-style: none; margin: 0; padding: 0; }
  .fixture { background: rgba(255,255,255,0.07); border-radius: 14px; padding: 10px 12px; margin-bottom: 10px; }
  .sport { margin: 0; font-size: 0.75rem; opacity: 0.7; text-transform: uppercase; letter-spacing: 0.04em; }
  .teams { margin: 2px 0 8px; font-weight: 700; } .teams span { opacity: 0.6; font-weight: 400; }
  .outcomes { display: flex; gap: 8px; }
  .odds { flex: 1; min-height: 48px; border: 1px solid rgba(255,255,255,0.15); border-radius: 10px; background: rgba(0,0,0,0.25); color: #fff; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 2px; cursor: pointer; font: inherit; padding: 4px; }
  .odds span { font-size: 0.72rem; opacity: 0.8; text-align: center; } .odds strong { color: ${game.colours[0]}; font-variant-numeric: tabular-nums; }
  .odds[aria-pressed="true"] { background: ${game.colours[0]}; border-color: ${game.colours[0]}; } .odds[aria-pressed="true"] * { color: #111; opacity: 1; }
  .slip { position: sticky; bottom: 0; background: #14121f; border-radius: 14px; padding: 12px; margin: 14px 0; box-shadow: 0 -6px 24px rgba(0,0,0,0.4); }
  .slip p { margin: 0 0 8px; font-size: 0.9rem; } .row { display: flex; gap: 10px; align-items: center; }
  input { width: 100%; min-height: 44px; font-size: 1rem; padding: 8px 10px; border-radius: 10px; border: 0; }
  .primary { min-height: 44px; padding: 0 18px; border-radius: 999px; border: 0; background: ${game.colours[0]}; color: #111; font-weight: 700; cursor: pointer; white-space: nowrap; font: inherit; font-weight: 700; }
  .secondary { min-height: 44px; padding: 0 16px; border-radius: 999px; border: 1px solid rgba(255,255,255,0.3); background: transparent; color: #fff; cursor: pointer; font: inherit; }
  button:disabled { opacity: 0.5; cursor: default; }
  .message { min-height: 1.4em; margin: 8px 0 0; font-size: 0.85rem; }
  h2 { font-size: 1rem; margin: 18px 0 8px; display: flex; justify-content: space-between; align-items: center; gap: 8px; }
  .bet { display: flex; justify-content: space-between; gap: 8px; padding: 8px 0; border-bottom: 1px solid rgba(255,255,255,0.1); font-size: 0.85rem; }
  .bet strong { font-variant-numeric: tabular-nums; } .won { color: #4ade80; } .lost { color: #f87171; } .open { color: #fcd34d; }
  .badge { display: inline-block; padding: 2px 8px; border-radius: 6px; background: rgba(255,255,255,0.2); font-size: 0.75rem; }
  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  [hidden] { display: none !important; }`,
      body: `<main>
  <div class="top">
    <div><h1>${escapeHtml(game.names[language])}</h1><p class="vendor">${escapeHtml(vendor.name)} · SPORTS <span class="badge" id="demo" hidden>${texts.demo}</span></p></div>
    <div class="balance">${texts.balance}<strong data-testid="vendor-balance" id="balance">…</strong></div>
  </div>
  <ul>${board}</ul>
  <section class="slip" aria-live="polite">
    <p id="selection" data-testid="selection">${texts.pick}</p>
    <div class="row">
      <label for="stake" class="sr">${texts.stake}</label>
      <input id="stake" data-testid="stake" inputmode="decimal" value="10.00" aria-label="${texts.stake}">
      <button type="button" class="primary" id="place" data-testid="place-bet" disabled>${texts.place}</button>
    </div>
    <p class="message" id="message" data-testid="message"></p>
  </section>
  <h2>${texts.myBets} <button type="button" class="secondary" id="settle" data-testid="settle" disabled>${texts.settle}</button></h2>
  <ul id="bets" data-testid="bets"><li class="bet">${texts.none}</li></ul>
</main>`,
      script: `  const mode = params.get('mode') === 'demo' ? 'demo' : 'real';
  const $ = (id) => document.getElementById(id);
  const teams = Object.fromEntries([...document.querySelectorAll('.odds')].map((b) => [b.dataset.fixture + ':' + b.dataset.outcome, b.dataset.label]));
  let sessionId = null;
  let choice = null;
  const showBets = (bets) => {
    $('settle').disabled = !bets.some((bet) => bet.status === 'open');
    if (bets.length === 0) return;
    $('bets').innerHTML = '';
    for (const bet of bets) {
      const row = document.createElement('li');
      row.className = 'bet';
      row.dataset.testid = 'bet';
      const what = document.createElement('span');
      what.textContent = (teams[bet.fixtureId + ':' + bet.outcome] ?? bet.outcome) + ' @ ' + bet.odds + ' · ' + bet.stake + (bet.result ? ' · ' + texts.result + ': ' + (teams[bet.fixtureId + ':' + bet.result] ?? bet.result) : '');
      const status = document.createElement('strong');
      status.className = bet.status;
      status.dataset.testid = 'bet-status';
      status.textContent = texts[bet.status] + (bet.status === 'won' ? ' ' + bet.win : '');
      row.append(what, status);
      $('bets').append(row);
    }
  };
  const updateSlip = () => {
    const stake = Number($('stake').value);
    $('place').disabled = !choice || !(stake > 0);
    $('selection').textContent = choice ? choice.label + ' @ ' + (choice.odds / 100).toFixed(2) + ' · ' + texts.returns + ' ' + (stake > 0 ? (stake * choice.odds / 100).toFixed(2) : '—') : texts.pick;
  };
  $('demo').hidden = mode !== 'demo';
  const started = await api('start', { gameCode: config.gameCode, mode, token: params.get('token') });
  if (started.ok) {
    sessionId = started.body.sessionId;
    $('balance').textContent = started.body.balance;
  } else {
    $('message').textContent = started.body.error;
  }
  for (const button of document.querySelectorAll('.odds')) {
    button.addEventListener('click', () => {
      for (const other of document.querySelectorAll('.odds')) other.setAttribute('aria-pressed', String(other === button));
      choice = { fixtureId: button.dataset.fixture, outcome: button.dataset.outcome, odds: Number(button.dataset.odds), label: button.dataset.label };
      updateSlip();
    });
  }
  $('stake').addEventListener('input', updateSlip);
  $('place').addEventListener('click', async () => {
    if (!sessionId || !choice) return;
    $('place').disabled = true;
    $('message').textContent = '…';
    const placed = await api('bet', { sessionId, fixtureId: choice.fixtureId, outcome: choice.outcome, stake: $('stake').value });
    if (placed.body.balance) $('balance').textContent = placed.body.balance;
    $('message').textContent = placed.body.status === 'OK' ? '✓' : (placed.body.status ?? placed.body.error);
    $('message').dataset.status = placed.body.status ?? 'ERROR';
    if (placed.body.bets) showBets(placed.body.bets);
    tellHost();
    updateSlip();
  });
  // A bet left open is settled by the vendor's timer: look now and then while one is open.
  setInterval(async () => {
    if (!sessionId || $('settle').disabled) return;
    const listed = await api('bets', { sessionId });
    if (!listed.body.bets?.some((bet) => bet.status !== 'open' && bet.status !== undefined)) return;
    const before = $('bets').textContent;
    showBets(listed.body.bets);
    if ($('bets').textContent !== before) {
      if (listed.body.balance) $('balance').textContent = listed.body.balance;
      tellHost();
    }
  }, 10_000);
  $('settle').addEventListener('click', async () => {
    $('settle').disabled = true;
    const settled = await api('settle', { sessionId });
    if (settled.body.balance) $('balance').textContent = settled.body.balance;
    if (settled.body.bets) showBets(settled.body.bets);
    tellHost();
  });`,
    },
  );
}
