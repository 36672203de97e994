import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createGameApi } from './api';
import { GameApp, type Launch } from './game-app';
import { readLanguage } from './i18n';
import './game.css';

// The launch URL (apps/server buildLaunchUrl): /game/?game=<code>&gameCode=<code>&mode=real|demo
// &language=TY|EN and, in real mode, #token=<launch token>: in the fragment, which the browser never
// sends, so the token reaches no request log. A member's betting records add &round=<id> to open
// this game's records on that round, to recall and verify it.
const parameters = new URLSearchParams(window.location.search);
const fragment = new URLSearchParams(window.location.hash.slice(1));
const launch: Launch = {
  gameCode: parameters.get('game') ?? parameters.get('gameCode') ?? '',
  mode: parameters.get('mode') === 'demo' ? 'demo' : 'real',
  token: fragment.get('token'),
  language: readLanguage(parameters.get('language')),
  recallRoundId: /^[\w-]{1,64}$/.test(parameters.get('round') ?? '') ? parameters.get('round') : null,
};
document.documentElement.lang = launch.language === 'EN' ? 'en' : 'fil';
// The token stays out of the address the player might copy or share.
if (window.location.hash) {
  window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
}

const root = document.getElementById('game-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <GameApp launch={launch} api={createGameApi(launch.language)} />
    </StrictMode>,
  );
}
