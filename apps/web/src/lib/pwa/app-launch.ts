import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { readDeviceId } from '../device-id';
import { PROMOTIONS_KEY } from '../promotions/promotion-queries';
import { type AuthState, useAuthStore } from '../session/auth-store';
import { readStorage, storageKeys, writeStorage } from '../storage-keys';
import type { InstallTokenRequest } from './install-token';

/**
 * The installed app's login (docs/lite-app.md "The app-download bonus"), loaded only in a session
 * started from the installed app (app-launch-mark.ts): once a member is logged in, the page asks
 * the service worker for the install token it keeps (install-token.ts) and sends it with
 * `POST /wps/app/launch`, once per member and session. When the server answers that the member has
 * the app on record, the promotions load again, so that the app-download bonus offers its claim.
 * Every failure is silent: the member sees the bonus still asking for the app.
 */

/** How long the page waits for the worker (its registration, then its answer) before giving up. */
export const WORKER_ANSWER_TIMEOUT_MS = 8_000;

/** The part of `navigator.serviceWorker` the page uses. */
export type WorkerContainer = {
  ready: Promise<{ active: { postMessage(message: unknown, transfer: Transferable[]): void } | null }>;
};

function tokenOfAnswer(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { token } = data as { token?: unknown };
  return typeof token === 'string' && token.length > 0 ? token : null;
}

/** Asks the active worker for the token, its answer to come on the channel's other port. */
async function askWorker(
  container: WorkerContainer,
  channel: MessageChannel,
  deviceId: string,
): Promise<string | null> {
  const { active } = await container.ready;
  if (!active) return null;
  const answer = new Promise<string | null>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent) => resolve(tokenOfAnswer(event.data));
  });
  const question: InstallTokenRequest = { type: 'install-token', deviceId };
  active.postMessage(question, [channel.port2]);
  return answer;
}

/**
 * The install token the service worker keeps, or null: no worker (the dev server, a browser that
 * refused it), none within the timeout, or none it could get.
 */
export async function requestInstallToken(
  container: WorkerContainer | undefined,
  deviceId: string,
  timeoutMs = WORKER_ANSWER_TIMEOUT_MS,
): Promise<string | null> {
  if (!container) return null;
  const channel = new MessageChannel();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([askWorker(container, channel, deviceId), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    channel.port1.close();
  }
}

export type AppLaunchDeps = {
  readToken: (deviceId: string) => Promise<string | null>;
  launch: (token: string) => Promise<{ linked: boolean }>;
  onLinked: () => void;
};

function sentKeyOf(memberId: string): string {
  return `${storageKeys.appLaunchSentPrefix}${memberId}`;
}

/**
 * Sends the launch whenever a member is logged in (at once, or after a login or a registration) and
 * theirs was not yet sent in this session; answers a way to stop listening. A trial account is
 * left out: it takes part in no promotion, and a token is spent on the first member it links.
 *
 * A launch counts as sent once the server has answered it, linked or not, or refused it. Without a
 * token, or when the network fails, it is not: the next login, or the next page load, tries again.
 */
export function sendLaunchOnLogin(deps: AppLaunchDeps): () => void {
  const sending = new Set<string>();

  async function send(memberId: string): Promise<void> {
    const token = await deps.readToken(readDeviceId());
    // The session may have changed meanwhile: the new member's own turn comes with their login.
    if (token === null || useAuthStore.getState().member?.id !== memberId) return;
    try {
      const { linked } = await deps.launch(token);
      writeStorage('session', sentKeyOf(memberId), '1');
      if (linked) deps.onLinked();
    } catch (error) {
      if (isApiError(error) && error.code !== 'NETWORK' && error.code !== 'TIMEOUT') {
        writeStorage('session', sentKeyOf(memberId), '1');
      }
    }
  }

  const consider = (state: AuthState) => {
    const { member } = state;
    if (member === null || state.isTrial || sending.has(member.id)) return;
    if (readStorage('session', sentKeyOf(member.id)) === '1') return;
    sending.add(member.id);
    void send(member.id)
      .catch(() => undefined)
      .finally(() => sending.delete(member.id));
  };

  consider(useAuthStore.getState());
  return useAuthStore.subscribe(consider);
}

/** Starts the installed app's launch (main.tsx, in a session that carries the mark). */
export function startAppLaunch(target: Window, queryClient: QueryClient): () => void {
  const { navigator } = target;
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  return sendLaunchOnLogin({
    readToken: (deviceId) => requestInstallToken(container, deviceId),
    launch: (token) => api.post('/wps/app/launch', { body: { token } }),
    onLinked: () => {
      // The app-download promotion turns to Claim, and the side menu's count of offers with it.
      for (const queryKey of [PROMOTIONS_KEY, ['system', 'publicState']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
