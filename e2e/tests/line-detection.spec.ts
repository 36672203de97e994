/// <reference lib="dom" />
// Code inside page.evaluate and addInitScript runs in the browser, hence the DOM types.
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { expect, screenshot, test } from '../fixtures.ts';
import { MERCHANT_WIDE, PHONE_ONLY } from '../tags.ts';

// Line detection (spec §2): the demo merchant's two domains, 127.0.0.1 and localhost on the test
// server's port, become its mirrors; the footer's dialog times both from the browser, shows each
// latency and marks exactly one as the fastest, and Switch opens the same page on the other mirror.
// The maintenance page offers it too; the region-blocked page never does (age-gate.spec.ts).

const MIRROR_HOSTS = ['127.0.0.1', 'localhost'];

type DomainRow = { domain: string; scheme: string | null; port: number | null };

/** Gives the demo merchant's two domains the test server's scheme and port, and waits until the site lists them. */
async function setMirrors(db: pg.Client, baseURL: string, rows: DomainRow[]): Promise<void> {
  for (const row of rows) {
    await db.query(
      `update merchant_domains set scheme = $2, port = $3
        where domain = $1 and merchant_id = (select id from merchants where is_default)`,
      [row.domain, row.scheme, row.port],
    );
  }
  const expected = rows
    .filter((row) => row.scheme !== null)
    .map((row) => `${row.scheme}://${row.domain}${row.port === null ? '' : `:${row.port}`}`)
    .sort();
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseURL}/wps/system/permission`);
        const body = (await response.json()) as { value?: { info?: { mirrors?: string[] } } };
        return [...(body.value?.info?.mirrors ?? [])].sort();
      },
      { timeout: 10_000 },
    )
    .toEqual(expected);
}

async function useLanguage(page: Page, language: 'TY' | 'EN'): Promise<void> {
  await page.addInitScript((code) => {
    localStorage.setItem('language', code);
    localStorage.setItem('historyLanguage', code);
    sessionStorage.setItem('publicPopupClosed:anonymous', '1');
  }, language);
}

async function openLineDetection(page: Page): Promise<void> {
  const open = page.getByTestId('line-detection-open');
  await open.scrollIntoViewIfNeeded();
  await open.click();
  await expect(page.getByTestId('line-detection-dialog')).toBeVisible();
}

async function expectMeasured(page: Page): Promise<void> {
  const rows = page.getByTestId('line-detection-row');
  await expect(rows).toHaveCount(MIRROR_HOSTS.length);
  // Each mirror shows a latency in milliseconds once measured, and exactly one is the fastest.
  for (const row of await rows.all()) {
    await expect(row.getByTestId('line-detection-latency')).toHaveText(/^\d[\d,]*\s?ms$/);
  }
  await expect(page.getByTestId('line-detection-fastest')).toHaveCount(1);
  await expect(page.locator('[data-testid="line-detection-row"][data-fastest="true"]')).toHaveCount(1);
}

/**
 * Makes 127.0.0.1 and localhost on the test server's port the demo merchant's mirrors while `run`
 * runs, then puts the domains back as they were.
 */
async function withMirrors(
  db: pg.Client,
  baseURL: string,
  run: (port: number) => Promise<void>,
): Promise<void> {
  const port = Number(new URL(baseURL).port);
  const before = await db.query<DomainRow>(
    `select domain, scheme, port from merchant_domains
      where merchant_id = (select id from merchants where is_default) and domain = any($1)`,
    [MIRROR_HOSTS],
  );
  await setMirrors(
    db,
    baseURL,
    MIRROR_HOSTS.map((domain) => ({ domain, scheme: 'http', port })),
  );
  try {
    await run(port);
  } finally {
    await setMirrors(db, baseURL, before.rows);
  }
}

test('line detection times both mirrors, marks the fastest, and switches keeping the path', {
  tag: [MERCHANT_WIDE],
}, async ({ page, db, baseURL }) => {
  // Two page loads and three timed requests per mirror: more than the default budget on a busy 2-core machine.
  test.slow();
  await withMirrors(db, baseURL ?? '', async (port) => {
    await useLanguage(page, 'TY');
    await page.goto('/promotions?tab=all');
    await openLineDetection(page);
    await expectMeasured(page);
    await expect(page.getByTestId('line-detection-dialog')).toContainText('Pinakamabilis');
    await screenshot(page, 'line-detection-ty', { fullPage: false });

    // Switch to the other mirror: the same page on localhost.
    const localhostRow = page.getByTestId('line-detection-row').filter({ hasText: `localhost:${port}` });
    await localhostRow.getByTestId('line-detection-switch').click();
    await expect(page).toHaveURL(`http://localhost:${port}/promotions?tab=all`);
    await expect(page.locator('main[data-route]')).toBeVisible();
  });
});

test('line detection reads in English, and the maintenance page offers it', {
  tag: [MERCHANT_WIDE, PHONE_ONLY],
}, async ({ page, db, baseURL, setSystemStatus }) => {
  // Two page loads and three timed requests per mirror: more than the default budget on a busy 2-core machine.
  test.slow();
  await withMirrors(db, baseURL ?? '', async () => {
    await useLanguage(page, 'EN');
    await page.goto('/');
    await openLineDetection(page);
    await expectMeasured(page);
    await expect(page.getByTestId('line-detection-dialog')).toContainText('Fastest');
    await screenshot(page, 'line-detection-en', { fullPage: false });

    // Another mirror may still be open while this one is down.
    await setSystemStatus(1, { title: 'Maintenance', message: 'Back soon' });
    await page.goto('/');
    await expect(page.getByTestId('maintenance-page')).toBeVisible();
    await openLineDetection(page);
    await expectMeasured(page);
  });
});
