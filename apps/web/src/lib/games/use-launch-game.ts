import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../api/api-error';
import { useConnectionNotices } from '../api/connection-notices';
import { onCdn } from '../cdn';
import { useLanguage } from '../i18n/i18n';
import { useModalStore } from '../modal-store';
import { useAuthStore } from '../session/auth-store';
import { useCdns } from '../system/system-hooks';
import { phoneMediaQuery } from '../use-media-query';
import { type GameItem, requestLaunch } from './catalogue-api';
import { useGameSuggestions } from './game-suggestions';

export type LaunchMode = 'real' | 'demo';

/** What a launch needs of a game: a lobby item, or a game named elsewhere (a bet's detail). */
export type LaunchTarget = Pick<GameItem, 'isGame' | 'vassalage' | 'nodeId' | 'gameName'>;

/** Asks our own game client to open its betting records on one round (its recall and verifier). */
function withRecall(url: string, roundId: string | undefined): string {
  if (!roundId) return url;
  const address = new URL(url, window.location.href);
  address.searchParams.set('round', roundId);
  return address.toString();
}

/**
 * Starts a game from a tile (spec §4 "Game launch"): a vendor entry opens its list, lottery games
 * their pages, others the game popup with the launch URL. Real play needs a member: a visitor gets
 * the login popup, a trial account "Please register an account first"; a game under maintenance
 * shows the hot games suggested instead.
 */
export function useLaunchGame() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const isLogin = useAuthStore((state) => state.isLogin);
  const isTrial = useAuthStore((state) => state.isTrial);
  const openModal = useModalStore((state) => state.openModal);
  const launchCdn = useCdns().launch;

  return useCallback(
    async (game: LaunchTarget, mode: LaunchMode = 'real', options: { recallRoundId?: string } = {}) => {
      const report = useConnectionNotices.getState().report;
      if (game.isGame === 'VASSALAGE') {
        navigate(`/rng?vassalage=${encodeURIComponent(game.vassalage)}`);
        return;
      }
      if (mode === 'real' && !isLogin) {
        openModal('loginPopupModal');
        return;
      }
      if (mode === 'real' && isTrial) {
        report('info', t('lobby.needRealAccount'));
        return;
      }
      try {
        const launched = await requestLaunch(game.nodeId, mode, language);
        // Our own games' root-relative URLs open from the launch CDN (spec §9).
        const result =
          'url' in launched
            ? { url: withRecall(onCdn(launched.url, launchCdn), options.recallRoundId) }
            : launched;
        if ('route' in result) {
          navigate(`${result.route}?gameCode=${encodeURIComponent(result.gameCode)}`);
        } else if (window.matchMedia?.(phoneMediaQuery).matches) {
          // On a phone the game gets the whole screen (/seamless); on a desktop the game popup.
          navigate(`/seamless?nodeId=${encodeURIComponent(game.nodeId)}&mode=${mode}`, {
            state: { url: result.url, title: game.gameName },
          });
        } else {
          openModal('gamePopup', { url: result.url, title: game.gameName });
        }
      } catch (error) {
        if (!isApiError(error)) throw error;
        if (error.code === 'NOT_LOGGED_IN') openModal('loginPopupModal');
        else if (error.code === 'TRIAL_ACCOUNT') report('info', t('lobby.needRealAccount'));
        else if (error.code === 'GAME_MAINTENANCE') {
          const suggestions = (error.value as { suggestions?: GameItem[] } | undefined)?.suggestions ?? [];
          useGameSuggestions.getState().show(suggestions);
        } else if (error.code !== 'NETWORK' && error.code !== 'TIMEOUT') report('info', error.message);
      }
    },
    [isLogin, isTrial, language, launchCdn, navigate, openModal, t],
  );
}
