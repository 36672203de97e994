import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { GameService } from './modules/game/game.service.ts';
import type { PaymentService } from './modules/payment/payment.service.ts';
import { classifyDemoGames } from './seed/demo-catalogue.ts';
import { configureDemoPayments, SANDBOX_MERCHANT_NO } from './seed/demo-payments.ts';
import {
  configureDemoSocialLogin,
  type DemoSocialClient,
  SANDBOX_CLIENT_PREFIX,
} from './seed/demo-social-login.ts';
import { configureDemoVendors, SANDBOX_VENDOR_CODES, sandboxVendorSecret } from './seed/demo-vendors.ts';

export type Sandboxes = { close(): Promise<void> };

type Logger = { info(object: object, message: string): void; warn(object: object, message: string): void };

/** What the stand-ins are wired to: the database and the services that configure the demo merchant. */
export type SandboxDeps = {
  config: Config;
  db: Kysely<Database>;
  payments: PaymentService;
  games: GameService;
  logger: Logger;
};

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 15_000;
const STOP_GRACE_MS = 5_000;
const PROVIDERS = ['google', 'facebook'] as const;
const PROVIDER_NAMES: Record<(typeof PROVIDERS)[number], string> = { google: 'Google', facebook: 'Facebook' };
/** The Vite dev server of the player app proxies the API, so callbacks may come back through it. */
const DEV_WEB_PORT = Number(process.env.WEB_PORT ?? 5173);

/**
 * Starts the local stand-ins for third parties that a development machine cannot reach — the
 * identity sandbox that signs people in for "Google" and "Facebook", and the payment sandbox that
 * takes deposits — each as its own process, and points the demo merchant at them. A stand-in that
 * fails to start is reported and skipped: the platform runs without that feature.
 */
export async function startSandboxes(deps: SandboxDeps): Promise<Sandboxes> {
  const children: ChildProcess[] = [];
  const start = async (name: string, script: string, env: Record<string, string>) => {
    const child = spawn(process.execPath, [script], {
      cwd: repositoryRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    try {
      return await readFirstLine(child);
    } catch (error) {
      deps.logger.warn({ err: error }, `the ${name} did not start; the demo runs without it`);
      return null;
    }
  };

  const [identity, pay, vendor] = await Promise.all([
    startIdentitySandbox(deps, start),
    startPaySandbox(deps, start),
    startVendorSandbox(deps, start),
  ]);
  if (identity) deps.logger.info({ issuer: identity }, 'identity sandbox: social login for the demo site');
  if (pay) deps.logger.info({ url: pay }, 'payment sandbox: GCash and Maya deposits for the demo site');
  if (vendor)
    deps.logger.info({ url: vendor }, 'vendor sandbox: two demo game vendors on the seamless wallet');
  return {
    close: async () => {
      await Promise.all(children.map(stopChild));
    },
  };
}

type Starter = (
  name: string,
  script: string,
  env: Record<string, string>,
) => Promise<Record<string, string> | null>;

async function startIdentitySandbox(deps: SandboxDeps, start: Starter): Promise<string | null> {
  const { config } = deps;
  const clients: DemoSocialClient[] = PROVIDERS.map((provider) => ({
    provider,
    clientId: `${SANDBOX_CLIENT_PREFIX}${provider}`,
    clientSecret: randomBytes(24).toString('base64url'),
  }));
  // The server names PUBLIC_ORIGIN as the demo's redirect address; the local ones stay registered
  // for a demo merchant given a main origin of its own on this machine.
  const callbackUris = (provider: string) => [
    ...new Set([
      `${config.publicOrigin}/wps/session/social/${provider}/callback`,
      ...['localhost', '127.0.0.1'].flatMap((host) =>
        [config.port, DEV_WEB_PORT].map(
          (port) => `http://${host}:${port}/wps/session/social/${provider}/callback`,
        ),
      ),
    ]),
  ];
  const ready = await start('identity sandbox', 'apps/identity-sandbox/src/main.ts', {
    IDENTITY_SANDBOX_PORT: String(config.sandboxes.identityPort),
    IDENTITY_SANDBOX_CLIENTS: JSON.stringify(
      clients.map((client) => ({
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        redirectUris: callbackUris(client.provider),
        standsInFor: PROVIDER_NAMES[client.provider],
      })),
    ),
  });
  if (!ready?.issuer) return null;
  await configureDemoSocialLogin(deps.db, ready.issuer, clients);
  return ready.issuer;
}

async function startPaySandbox(deps: SandboxDeps, start: Starter): Promise<string | null> {
  // The same secret on every start (derived from the server's own), so that the deposit methods
  // seeded once keep working; it never leaves this machine's two processes.
  const secret = createHmac('sha256', deps.config.appSecret).update('pay-sandbox').digest('base64url');
  const ready = await start('payment sandbox', 'apps/pay-sandbox/src/main.ts', {
    PAY_SANDBOX_PORT: String(deps.config.sandboxes.payPort),
    PAY_SANDBOX_MERCHANTS: JSON.stringify([{ merchantNo: SANDBOX_MERCHANT_NO, secret }]),
  });
  if (!ready?.url) return null;
  await configureDemoPayments(deps.db, deps.payments, { baseUrl: ready.url, secret });
  return ready.url;
}

async function startVendorSandbox(deps: SandboxDeps, start: Starter): Promise<string | null> {
  const { config } = deps;
  const ready = await start('vendor sandbox', 'apps/vendor-sandbox/src/main.ts', {
    VENDOR_SANDBOX_PORT: String(config.sandboxes.vendorPort),
    // The vendor calls this server's /wallet/v1 on loopback; the signature names the merchant.
    VENDOR_SANDBOX_WALLET_URL: `http://127.0.0.1:${config.port}`,
    VENDOR_SANDBOX_SECRETS: JSON.stringify(
      SANDBOX_VENDOR_CODES.map((vendor) => ({
        vendor,
        secret: sandboxVendorSecret(config.appSecret, vendor),
      })),
    ),
  });
  if (!ready?.url) return null;
  try {
    await configureDemoVendors(deps.db, deps.games, { url: ready.url, appSecret: config.appSecret });
    await classifyDemoGames(deps.db);
  } catch (error) {
    deps.logger.warn({ err: error }, 'the vendor sandbox catalogue could not be imported');
    return null;
  }
  return ready.url;
}

/** A stand-in prints one JSON line when it listens: its address. */
function readFirstLine(child: ChildProcess): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer within the start timeout')), START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`it exited with ${code}`));
    });
    if (!child.stdout) return reject(new Error('it has no output'));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as Record<string, string>);
      } catch (error) {
        reject(error);
      }
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
