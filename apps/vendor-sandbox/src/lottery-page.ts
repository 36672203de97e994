import { LOTTERY_RULES, type LotteryRules } from './catalogue.ts';
import { escapeHtml, type GamePageInput, renderGamePage } from './game-page.ts';

const TEXTS = {
  EN: {
    balance: 'Balance',
    stake: 'Stake',
    draw: 'Draw',
    nextDraw: 'Next draw in',
    pick: 'Pick {count} numbers',
    pickDigits: 'Pick {count} digits',
    digit: 'Digit',
    quickPick: 'Quick pick',
    buy: 'Buy ticket',
    drawNow: 'Draw now',
    results: 'Results',
    noResults: 'No draw yet',
    myTickets: 'My tickets',
    none: 'No tickets yet',
    open: 'Waiting for the draw',
    won: 'Won',
    lost: 'No win',
    pays: 'All {count} pay ×{full}; {partial} of {count} pay ×{partialPay}',
    paysDigits: 'All {count} in place pay ×{full}; the last {partial} pay ×{partialPay}',
  },
  TY: {
    balance: 'Balanse',
    stake: 'Taya',
    draw: 'Bola',
    nextDraw: 'Susunod na bola sa',
    pick: 'Pumili ng {count} numero',
    pickDigits: 'Pumili ng {count} digit',
    digit: 'Digit',
    quickPick: 'Mabilisang pili',
    buy: 'Bumili ng tiket',
    drawNow: 'Ibola ngayon',
    results: 'Mga resulta',
    noResults: 'Wala pang bola',
    myTickets: 'Aking mga tiket',
    none: 'Wala pang tiket',
    open: 'Hinihintay ang bola',
    won: 'Panalo',
    lost: 'Walang panalo',
    pays: 'Lahat ng {count}: ×{full}; {partial} sa {count}: ×{partialPay}',
    paysDigits: 'Lahat ng {count} sa puwesto: ×{full}; huling {partial}: ×{partialPay}',
  },
};

/**
 * A lottery's page, for every lottery vendor of the sandbox: the open draw and its countdown, the
 * pick with quick pick, the stake, the latest results and the player's tickets. A lotto picks on a
 * number grid; a digits draw (4D, 3D) sets one digit per place with up and down buttons. Draws
 * come at fixed intervals or on demand ("Draw now"). `view=lobby` opens on the results,
 * `view=betting` (the default) on the pick.
 */
export function lotteryPage(input: GamePageInput & { view: 'betting' | 'lobby' }): string {
  const { vendor, game, language, view } = input;
  const rules = LOTTERY_RULES[game.gameCode];
  if (!rules) throw new Error(`no rules for ${game.gameCode}`);
  const fill = (text: string) =>
    text
      .replaceAll('{count}', String(rules.count))
      .replaceAll('{full}', String(rules.fullMatchMultiplier))
      .replaceAll('{partial}', String(rules.count - 1))
      .replaceAll('{partialPay}', String(rules.partialMatchMultiplier));
  const texts = Object.fromEntries(Object.entries(TEXTS[language]).map(([key, text]) => [key, fill(text)]));
  const isDigits = rules.pick === 'digits';
  return renderGamePage(
    { vendor, game, language },
    {
      config: { pick: rules.pick, count: rules.count, lowest: rules.lowest, highest: rules.highest },
      texts,
      style: `  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, sans-serif; background: linear-gradient(160deg, ${game.colours[1]}, #0b0b12); color: #fff; min-height: 100vh; }
  main { width: min(560px, 100%); margin: 0 auto; padding: 16px 14px 24px; display: flex; flex-direction: column; gap: 12px; }
  h1 { font-size: 1.2rem; margin: 0; } .vendor { opacity: 0.7; margin: 2px 0 0; font-size: 0.85rem; }
  .top { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; }
  .balance { text-align: right; font-size: 0.8rem; } .balance strong { display: block; font-size: 1.2rem; font-variant-numeric: tabular-nums; }
  .card { background: rgba(255,255,255,0.07); border-radius: 14px; padding: 12px; }
  .draw { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 4px 8px; font-size: 0.9rem; }
  .draw span { white-space: nowrap; } .draw strong { font-variant-numeric: tabular-nums; font-size: 1rem; color: ${game.colours[0]}; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(44px, 1fr)); gap: 8px; margin: 10px 0; }
  .ball { aspect-ratio: 1; min-height: 44px; border-radius: 999px; border: 1px solid rgba(255,255,255,0.2); background: rgba(0,0,0,0.25); color: #fff; font: inherit; font-weight: 700; cursor: pointer; font-variant-numeric: tabular-nums; }
  .ball[aria-pressed="true"] { background: ${game.colours[0]}; color: #111; border-color: ${game.colours[0]}; }
  .places { display: flex; justify-content: center; gap: 10px; margin: 10px 0; }
  .place { display: flex; flex-direction: column; align-items: center; gap: 6px; }
  .place output { display: grid; place-items: center; width: 56px; height: 64px; border-radius: 12px; background: ${game.colours[0]}; color: #111; font-size: 2rem; font-weight: 800; font-variant-numeric: tabular-nums; }
  .step { width: 56px; min-height: 44px; border-radius: 10px; border: 1px solid rgba(255,255,255,0.2); background: rgba(0,0,0,0.25); color: #fff; font: inherit; cursor: pointer; }
  .row { display: flex; gap: 10px; align-items: center; }
  input { width: 100%; min-height: 44px; font-size: 1rem; padding: 8px 10px; border-radius: 10px; border: 0; }
  .primary { min-height: 44px; padding: 0 18px; border-radius: 999px; border: 0; background: ${game.colours[0]}; color: #111; font: inherit; font-weight: 700; cursor: pointer; white-space: nowrap; }
  .secondary { min-height: 44px; padding: 0 14px; border-radius: 999px; border: 1px solid rgba(255,255,255,0.3); background: transparent; color: #fff; cursor: pointer; font: inherit; white-space: nowrap; }
  button:disabled { opacity: 0.5; cursor: default; }
  .hint { margin: 0; font-size: 0.8rem; opacity: 0.75; } .message { min-height: 1.3em; margin: 8px 0 0; font-size: 0.85rem; }
  h2 { font-size: 1rem; margin: 0 0 8px; }
  ul { list-style: none; margin: 0; padding: 0; }
  li { display: flex; justify-content: space-between; gap: 8px; padding: 7px 0; border-bottom: 1px solid rgba(255,255,255,0.1); font-size: 0.85rem; align-items: center; }
  .balls { white-space: nowrap; }
  .balls span { display: inline-grid; place-items: center; width: 28px; height: 28px; border-radius: 999px; background: ${game.colours[0]}; color: #111; font-weight: 700; margin-left: 4px; font-size: 0.8rem; }
  .won { color: #4ade80; } .lost { color: #f87171; } .open { color: #fcd34d; }
  .lobby .results { order: -1; }
  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }`,
      body: `<main class="${view}">
  <div class="top">
    <div><h1>${escapeHtml(game.names[language])}</h1><p class="vendor">${escapeHtml(vendor.name)} · ${game.gameType}</p></div>
    <div class="balance">${texts.balance}<strong data-testid="vendor-balance" id="balance">…</strong></div>
  </div>
  <section class="card">
    <div class="draw"><span>${texts.draw} <strong id="numero" data-testid="numero">…</strong></span><span>${texts.nextDraw} <strong id="countdown">…</strong></span></div>
    <p class="hint">${isDigits ? `${texts.pickDigits} · ${texts.paysDigits}` : `${texts.pick} · ${texts.pays}`}</p>
    ${isDigits ? digitPlaces(rules, texts.digit ?? '') : numberGrid(rules)}
    <div class="row">
      <button type="button" class="secondary" id="quick" data-testid="quick-pick">${texts.quickPick}</button>
      <label for="stake" class="sr">${texts.stake}</label>
      <input id="stake" data-testid="stake" inputmode="decimal" value="10.00">
      <button type="button" class="primary" id="buy" data-testid="buy-ticket" disabled>${texts.buy}</button>
    </div>
    <p class="message" id="message" data-testid="message" aria-live="polite"></p>
  </section>
  <section class="card">
    <h2>${texts.myTickets}</h2>
    <ul id="tickets" data-testid="tickets"><li>${texts.none}</li></ul>
  </section>
  <section class="card results">
    <h2 class="row" style="justify-content: space-between">${texts.results} <button type="button" class="secondary" id="draw-now" data-testid="draw-now">${texts.drawNow}</button></h2>
    <ul id="results" data-testid="results"><li>${texts.noResults}</li></ul>
  </section>
</main>`,
      script: `  const $ = (id) => document.getElementById(id);
  const balls = [...document.querySelectorAll('.ball')];
  // A digits draw keeps one digit per place, always complete; a lotto a set of picked numbers.
  const digits = config.pick === 'digits' ? Array(config.count).fill(config.lowest) : null;
  const span = config.highest - config.lowest + 1;
  const randomPick = () => config.lowest + Math.floor(Math.random() * span);
  let sessionId = null;
  let closesAt = 0;
  let settledSeen = -1;
  const picked = new Set();
  const ballsOf = (numbers) => { const span = document.createElement('span'); span.className = 'balls'; for (const n of numbers) { const b = document.createElement('span'); b.textContent = n; span.append(b); } return span; };
  const pickedNumbers = () => (digits ? [...digits] : [...picked]);
  const showPicked = () => {
    if (digits) digits.forEach((digit, place) => { $('digit-' + place).textContent = String(digit); });
    for (const ball of balls) ball.setAttribute('aria-pressed', String(picked.has(Number(ball.dataset.number))));
    $('buy').disabled = !sessionId || pickedNumbers().length !== config.count;
  };
  const show = (state) => {
    $('numero').textContent = state.numero;
    closesAt = Date.parse(state.closesAt);
    if (state.history.length > 0) {
      $('results').innerHTML = '';
      for (const draw of state.history) {
        const row = document.createElement('li');
        row.dataset.testid = 'result';
        const label = document.createElement('span'); label.textContent = draw.numero;
        row.append(label, ballsOf(draw.numbers));
        $('results').append(row);
      }
    }
    if (state.tickets.length > 0) {
      $('tickets').innerHTML = '';
      for (const ticket of state.tickets) {
        const row = document.createElement('li');
        row.dataset.testid = 'ticket';
        const what = document.createElement('span'); what.textContent = ticket.numero + ' · ' + ticket.stake;
        what.append(ballsOf(ticket.numbers));
        const status = document.createElement('strong'); status.className = ticket.status; status.dataset.testid = 'ticket-status';
        status.textContent = texts[ticket.status] + (ticket.status === 'won' ? ' ' + ticket.win : '');
        row.append(what, status);
        $('tickets').append(row);
      }
    }
    if (state.balance) $('balance').textContent = state.balance;
    // A ticket settled since we last looked: the platform's balance changed.
    const settledNow = state.tickets.filter((ticket) => ticket.status !== 'open').length;
    if (settledSeen >= 0 && settledNow !== settledSeen) tellHost();
    settledSeen = settledNow;
  };
  const refresh = async () => { if (sessionId) { const state = await api('state', { sessionId }); if (state.ok) show(state.body); } };
  const started = await api('start', { gameCode: config.gameCode, mode: 'real', token: params.get('token') });
  if (started.ok) {
    sessionId = started.body.sessionId;
    $('balance').textContent = started.body.balance;
    await refresh();
  } else {
    $('message').textContent = started.body.error;
  }
  showPicked();
  for (const ball of balls) {
    ball.addEventListener('click', () => {
      const number = Number(ball.dataset.number);
      if (picked.has(number)) picked.delete(number);
      else if (picked.size < config.count) picked.add(number);
      showPicked();
    });
  }
  for (const step of document.querySelectorAll('.step')) {
    step.addEventListener('click', () => {
      const place = Number(step.dataset.place);
      digits[place] = config.lowest + ((digits[place] - config.lowest + Number(step.dataset.step) + span) % span);
      showPicked();
    });
  }
  $('quick').addEventListener('click', () => {
    if (digits) digits.forEach((_, place) => { digits[place] = randomPick(); });
    else {
      picked.clear();
      while (picked.size < config.count) picked.add(randomPick());
    }
    showPicked();
  });
  $('buy').addEventListener('click', async () => {
    $('buy').disabled = true;
    $('message').textContent = '…';
    const bought = await api('ticket', { sessionId, numbers: pickedNumbers(), stake: $('stake').value });
    $('message').textContent = bought.body.status === 'OK' ? '✓ ' + bought.body.ticket.numero : (bought.body.status ?? bought.body.error);
    $('message').dataset.status = bought.body.status ?? 'ERROR';
    if (bought.body.balance) $('balance').textContent = bought.body.balance;
    tellHost();
    await refresh();
    showPicked();
  });
  $('draw-now').addEventListener('click', async () => {
    $('draw-now').disabled = true;
    try { await api('draw', { sessionId }); await refresh(); } finally { $('draw-now').disabled = false; }
  });
  setInterval(() => {
    const seconds = Math.max(0, Math.round((closesAt - Date.now()) / 1000));
    $('countdown').textContent = String(Math.floor(seconds / 60)).padStart(2, '0') + ':' + String(seconds % 60).padStart(2, '0');
  }, 500);
  setInterval(refresh, 5_000);`,
    },
  );
}

/** A lotto's pick: one toggle per number of the range. */
function numberGrid(rules: LotteryRules): string {
  const numbers = Array.from(
    { length: rules.highest - rules.lowest + 1 },
    (_, index) => rules.lowest + index,
  );
  const balls = numbers.map(
    (number) =>
      `<button type="button" class="ball" data-number="${number}" data-testid="number-${number}" aria-pressed="false">${number}</button>`,
  );
  return `<div class="grid" id="grid">${balls.join('')}</div>`;
}

/** A digits draw's pick: per place, its digit between an up and a down button. */
function digitPlaces(rules: LotteryRules, digitLabel: string): string {
  const places = Array.from({ length: rules.count }, (_, place) => {
    const label = `${escapeHtml(digitLabel)} ${place + 1}`;
    return `<div class="place" role="group" aria-label="${label}">
      <button type="button" class="step" data-place="${place}" data-step="1" data-testid="digit-up-${place}" aria-label="${label} +1">▲</button>
      <output id="digit-${place}" data-testid="digit-${place}">${rules.lowest}</output>
      <button type="button" class="step" data-place="${place}" data-step="-1" data-testid="digit-down-${place}" aria-label="${label} −1">▼</button>
    </div>`;
  });
  return `<div class="places" id="places">${places.join('')}</div>`;
}
