import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { type MemberInfo, useAuthStore } from '../session/auth-store';
import { storageKeys } from '../storage-keys';
import {
  type AppLaunchDeps,
  requestInstallToken,
  sendLaunchOnLogin,
  type WorkerContainer,
} from './app-launch';
import { answerInstallTokenMessage, createInstallTokenKeeper, type TokenCache } from './install-token';

const DEVICE_ID = 'AbCdEfGhIjKlMnOpQrStUv';

/**
 * A registered worker that answers as service-worker.ts does, over a real MessageChannel: the keeper
 * of install-token.ts, on a cache of its own and a server that issues `token` (or refuses).
 */
function workerThatKeeps(token: string | null) {
  const entries = new Map<string, Response>();
  const cache: TokenCache = {
    match: async (key) => entries.get(key)?.clone(),
    put: async (key, response) => void entries.set(key, response),
  };
  const deviceIds: (string | null)[] = [];
  const keeper = createInstallTokenKeeper({
    openCache: async () => cache,
    fetch: async (_url, init) => {
      deviceIds.push((init.headers as Record<string, string>)['X-Device-Id'] ?? null);
      return token === null
        ? Response.json({ success: false, code: 'RATE_LIMITED', message: 'Slow down' }, { status: 429 })
        : Response.json({ success: true, value: { token } });
    },
  });
  const container: WorkerContainer = {
    ready: Promise.resolve({
      active: {
        postMessage: (data, transfer) => {
          void answerInstallTokenMessage({ data, ports: transfer as MessagePort[] }, keeper);
        },
      },
    }),
  };
  return { container, deviceIds };
}

describe('the page’s question for the install token', () => {
  it('is answered by the worker with the token it keeps, issued for this device', async () => {
    const worker = workerThatKeeps('ai1.kept');
    await expect(requestInstallToken(worker.container, DEVICE_ID)).resolves.toBe('ai1.kept');
    await expect(requestInstallToken(worker.container, DEVICE_ID)).resolves.toBe('ai1.kept');
    expect(worker.deviceIds).toEqual([DEVICE_ID]);
  });

  it('is null when the worker has no token to give', async () => {
    await expect(requestInstallToken(workerThatKeeps(null).container, DEVICE_ID)).resolves.toBeNull();
  });

  it('is null without a worker: none in this browser, none active, or none ready in time', async () => {
    await expect(requestInstallToken(undefined, DEVICE_ID)).resolves.toBeNull();
    await expect(
      requestInstallToken({ ready: Promise.resolve({ active: null }) }, DEVICE_ID),
    ).resolves.toBeNull();
    // The dev server registers no worker: `ready` never settles.
    await expect(
      requestInstallToken({ ready: new Promise(() => undefined) }, DEVICE_ID, 10),
    ).resolves.toBeNull();
    // A worker that never answers.
    const silent: WorkerContainer = { ready: Promise.resolve({ active: { postMessage: () => undefined } }) };
    await expect(requestInstallToken(silent, DEVICE_ID, 10)).resolves.toBeNull();
  });
});

function member(id: string, type = 0): MemberInfo {
  return {
    id,
    account: `player-${id}`,
    nickname: null,
    type,
    icon: '1',
    iconUrl: '/icons/1.png',
    firstTimeLogin: false,
    previousLogin: null,
    hasPaymentPassword: false,
    totpEnabled: false,
  };
}

function logIn(info: MemberInfo) {
  useAuthStore.getState().setToken(`session-of-${info.id}`);
  useAuthStore.getState().setMember(info);
}

/** The launch's calls: the token the worker gives, the server's answers, and what the page did. */
function launchDeps(answers: ({ linked: boolean } | Error)[], token: string | null = 'ai1.token') {
  const launched: string[] = [];
  const deps: AppLaunchDeps & { linkedCount: number } = {
    linkedCount: 0,
    readToken: vi.fn(async () => token),
    launch: async (sent) => {
      launched.push(sent);
      const answer = answers.shift() ?? new Error('No answer left');
      if (answer instanceof Error) throw answer;
      return answer;
    },
    onLinked: () => {
      deps.linkedCount += 1;
    },
  };
  return { deps, launched };
}

/** The members whose launch this session has sent. */
const sentFlags = () =>
  [...session.keys()].filter((key) => key.startsWith(storageKeys.appLaunchSentPrefix)).sort();

/** Lets the launch's promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let session: Map<string, string>;
let stop: (() => void) | undefined;

beforeEach(() => {
  session = new Map();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => session.get(key) ?? null,
      setItem: (key: string, value: string) => void session.set(key, value),
      removeItem: (key: string) => void session.delete(key),
    },
  });
  useAuthStore.getState().clearSession();
});

afterEach(() => {
  stop?.();
  stop = undefined;
  useAuthStore.getState().clearSession();
  vi.unstubAllGlobals();
});

describe('the installed app’s launch', () => {
  it('is sent once a member is logged in, and the promotions load again when the app is linked', async () => {
    const { deps, launched } = launchDeps([{ linked: true }]);
    stop = sendLaunchOnLogin(deps);
    await settle();
    expect(launched).toEqual([]);

    // The token alone is no login: the member's info must have loaded.
    useAuthStore.getState().setToken('session-of-m-1');
    await settle();
    expect(launched).toEqual([]);

    useAuthStore.getState().setMember(member('m-1'));
    await settle();
    expect(launched).toEqual(['ai1.token']);
    expect(deps.linkedCount).toBe(1);
    expect(session.get(`${storageKeys.appLaunchSentPrefix}m-1`)).toBe('1');
  });

  it('is sent for a member already logged in at boot', async () => {
    logIn(member('m-1'));
    const { deps, launched } = launchDeps([{ linked: false }]);
    stop = sendLaunchOnLogin(deps);
    await settle();
    expect(launched).toEqual(['ai1.token']);
    // Not linked (a token the server does not know): nothing changes on the page.
    expect(deps.linkedCount).toBe(0);
  });

  it('is sent once per member and session, however often the session changes', async () => {
    const { deps, launched } = launchDeps([{ linked: true }, { linked: true }]);
    stop = sendLaunchOnLogin(deps);
    logIn(member('m-1'));
    // The member's info changes while the launch is on its way, and again after it.
    useAuthStore.getState().setMember({ ...member('m-1'), nickname: 'Juan' });
    await settle();
    useAuthStore.getState().setMember({ ...member('m-1'), nickname: 'Juan dela Cruz' });
    logIn(member('m-1'));
    await settle();
    expect(launched).toHaveLength(1);

    // Another member logging in on the same device has their own launch.
    logIn(member('m-2'));
    await settle();
    expect(launched).toHaveLength(2);

    // A page loaded again in the same session finds both sent.
    stop();
    stop = sendLaunchOnLogin(deps);
    await settle();
    expect(launched).toHaveLength(2);
  });

  it('is not sent for a trial account', async () => {
    const { deps, launched } = launchDeps([{ linked: true }]);
    stop = sendLaunchOnLogin(deps);
    logIn(member('trial-1', 4));
    await settle();
    expect(deps.readToken).not.toHaveBeenCalled();
    expect(launched).toEqual([]);
  });

  it('is tried again at the next login when the worker had no token or the network failed', async () => {
    const noToken = launchDeps([], null);
    stop = sendLaunchOnLogin(noToken.deps);
    logIn(member('m-1'));
    await settle();
    expect(noToken.launched).toEqual([]);
    expect(sentFlags()).toEqual([]);
    stop();

    const network = new ApiError({ code: 'NETWORK', message: 'Network link abnormal', status: 0 });
    const { deps, launched } = launchDeps([network, { linked: true }]);
    stop = sendLaunchOnLogin(deps);
    await settle();
    expect(launched).toHaveLength(1);
    expect(sentFlags()).toEqual([]);

    logIn(member('m-1'));
    await settle();
    expect(launched).toHaveLength(2);
    expect(deps.linkedCount).toBe(1);
  });

  it('counts as sent once the server refused it, and stays silent', async () => {
    const refusal = new ApiError({ code: 'RATE_LIMITED', message: 'Too many requests', status: 429 });
    const { deps, launched } = launchDeps([refusal, { linked: true }]);
    stop = sendLaunchOnLogin(deps);
    logIn(member('m-1'));
    await settle();
    logIn(member('m-1'));
    await settle();
    expect(launched).toHaveLength(1);
    expect(deps.linkedCount).toBe(0);
    expect(sentFlags()).toEqual([`${storageKeys.appLaunchSentPrefix}m-1`]);
  });

  it('is dropped when another member has logged in while the worker answered', async () => {
    let giveToken: (token: string) => void = () => undefined;
    const { deps, launched } = launchDeps([{ linked: true }]);
    deps.readToken = () =>
      new Promise<string>((resolve) => {
        giveToken = resolve;
      });
    stop = sendLaunchOnLogin(deps);
    logIn(member('m-1'));
    useAuthStore.getState().clearSession();
    giveToken('ai1.token');
    await settle();
    expect(launched).toEqual([]);
    expect(sentFlags()).toEqual([]);
  });
});
