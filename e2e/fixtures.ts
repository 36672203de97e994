import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import pg from 'pg';
import { E2E_BASE_URL_VARIABLE, E2E_DATABASE_URL_VARIABLE } from './global-setup.ts';
import { takesPictures } from './pictures.ts';
import { MERCHANT_WIDE } from './tags.ts';

/**
 * The web app's local-storage key for the entry confirmation (apps/web/src/lib/storage-keys.ts,
 * ageConfirmed): set, the age question never shows. Every journey's browser context has it set before
 * any page script runs, since the question would cover every page; e2e/tests/age-gate.spec.ts alone
 * opens a context without it.
 */
export const AGE_CONFIRMED_STORAGE_KEY = 'ageConfirmed';

/** Answers the entry confirmation for every page this context opens, before the app reads it. */
export async function preconfirmAge(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // A page without storage (about:blank, an opaque origin) has no question to answer either.
    }
  }, AGE_CONFIRMED_STORAGE_KEY);
}

/** browser.newContext with the entry confirmation answered (preconfirmAge). */
export async function newConfirmedContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await preconfirmAge(context);
  return context;
}

/**
 * browser.newPage with the entry confirmation answered: a page in a context of its own, which closes
 * with the page, as browser.newPage's does.
 */
export async function newConfirmedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newConfirmedContext(browser, options);
  const page = await context.newPage();
  page.once('close', () => void context.close());
  return page;
}

/** The values of merchants.status: 0 normal, 1 maintenance, 2 region blocked (API contract). */
export type SystemStatus = 0 | 1 | 2;

export type SystemStatusText = { title?: string | null; message?: string | null };

type PlatformFixtures = {
  /**
   * Every journey holds the merchant lock while it runs: shared by most, whole for one tagged
   * MERCHANT_WIDE, which so runs alone and leaves the merchant as it found it before the others go on.
   */
  merchantLock: undefined;
  /** A PostgreSQL client on the database the server under test uses. */
  db: pg.Client;
  /**
   * Sets the demo merchant's status (and maintenance text) in its row, then waits until
   * /wps/system/status answers with it: the server caches the status for up to 2 s.
   */
  setSystemStatus: (status: SystemStatus, text?: SystemStatusText) => Promise<void>;
  /** Console errors and uncaught exceptions of `page`, collected while the test runs. */
  consoleErrors: string[];
};

/**
 * A PostgreSQL advisory lock on the database under test, so that it ends with the worker that holds
 * it. A whole-lock request waits for the shared holders and queues later shared requests behind it.
 */
const MERCHANT_LOCK_KEY = 140_611;
/** Long enough for the longest journey another worker may be running (test.slow: 90 s), and its teardown. */
const MERCHANT_LOCK_WAIT_MS = 150_000;
const STATUS_WAIT_MS = 10_000;
const STATUS_POLL_MS = 200;
const screenshotDirectory = path.join(import.meta.dirname, 'screenshots');

function readRequiredEnvironment(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is unset: run the tests through e2e/playwright.config.ts`);
  return value;
}

export const test = base.extend<PlatformFixtures>({
  // Every journey's own context (and so its `page`) answers the entry confirmation.
  context: async ({ context }, use) => {
    await preconfirmAge(context);
    await use(context);
  },

  // The server listens on a port chosen at start, so the address is known only after global setup.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; none here.
  baseURL: async ({}, use) => {
    await use(readRequiredEnvironment(E2E_BASE_URL_VARIABLE));
  },

  merchantLock: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; none here.
    async ({}, use, testInfo) => {
      const client = new pg.Client({ connectionString: readRequiredEnvironment(E2E_DATABASE_URL_VARIABLE) });
      await client.connect();
      try {
        // The database gives up before the fixture's own timeout would, with a clear error.
        await client.query(`set lock_timeout = ${MERCHANT_LOCK_WAIT_MS - 10_000}`);
        const isWhole = testInfo.tags.includes(MERCHANT_WIDE);
        await client.query(`select ${isWhole ? 'pg_advisory_lock' : 'pg_advisory_lock_shared'}($1)`, [
          MERCHANT_LOCK_KEY,
        ]);
        await use(undefined);
      } finally {
        // Closing the session releases the lock.
        await client.end();
      }
    },
    // The wait for another worker's journey is not this journey's time.
    { auto: true, timeout: MERCHANT_LOCK_WAIT_MS },
  ],

  // The journey's own changes to the merchant are undone (setSystemStatus) before the lock is let go.
  db: async ({ merchantLock: _ }, use) => {
    const client = new pg.Client({ connectionString: readRequiredEnvironment(E2E_DATABASE_URL_VARIABLE) });
    await client.connect();
    await use(client);
    await client.end();
  },

  setSystemStatus: async ({ db, baseURL }, use) => {
    let changed = false;
    const setStatus = async (status: SystemStatus, text: SystemStatusText = {}) => {
      const result = await db.query(
        `update merchants
            set status = $1, maintenance_title = $2, maintenance_message = $3, updated_at = now()
          where is_default`,
        [status, text.title ?? null, text.message ?? null],
      );
      if (result.rowCount !== 1) throw new Error(`expected one default merchant, updated ${result.rowCount}`);
      changed = true;
      await waitForStatus(`${baseURL}/wps/system/status`, status);
    };
    await use(setStatus);
    // Leave the site open for the next test whatever this one did.
    if (changed) await setStatus(0);
  },

  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(errors);
  },
});

/**
 * Saves a full-page screenshot at e2e/screenshots/<name>-<phone|desktop>.png (when pictures are
 * taken: takesPictures). A plain function rather than a fixture because Playwright already owns the
 * `screenshot` option. `fullPage: false` takes the viewport only, for an open dialog: to measure the
 * whole page Chromium first lays it out in a 1×1 viewport, and a page that chooses its layout by a
 * media query (the points mall's side column) lays itself out again under the dialog, which may then
 * close.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!takesPictures) return;
  await mkdir(screenshotDirectory, { recursive: true });
  const file = path.join(screenshotDirectory, `${name}-${test.info().project.name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
}

async function waitForStatus(statusUrl: string, expected: SystemStatus): Promise<void> {
  const deadline = Date.now() + STATUS_WAIT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(statusUrl);
      const body = (await response.json()) as { success?: boolean; value?: { status?: number } };
      if (body.success && body.value?.status === expected) return;
      last = JSON.stringify(body);
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
  }
  throw new Error(
    `/wps/system/status did not report status ${expected} within ${STATUS_WAIT_MS} ms (last: ${last})`,
  );
}

export { expect };
