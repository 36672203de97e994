import { expect, test } from '../fixtures.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE } from '../tags.ts';

test('the home page loads without errors', async ({ page, consoleErrors }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/\S/);
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(consoleErrors).toEqual([]);
});

test('the server reports itself alive and ready', { tag: DESKTOP_ONLY }, async ({ request }) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });

  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres' });
});

test('the API is described by an OpenAPI document at /docs/json', { tag: DESKTOP_ONLY }, async ({
  request,
}) => {
  const response = await request.get('/docs/json');
  expect(response.status()).toBe(200);
  const document = (await response.json()) as { openapi?: string; paths?: Record<string, unknown> };
  expect(document.openapi).toMatch(/^3\.1\./);
  expect(Object.keys(document.paths ?? {})).toContain('/healthz');
});

test('a status set on the demo merchant reaches /wps/system/status, and is undone after the test', {
  tag: [DESKTOP_ONLY, MERCHANT_WIDE],
}, async ({ request, setSystemStatus }) => {
  await setSystemStatus(1, { title: 'Scheduled maintenance', message: 'Back at 06:00.' });
  const response = await request.get('/wps/system/status');
  const body = (await response.json()) as { success: boolean; value: Record<string, unknown> };
  expect(body.success).toBe(true);
  expect(body.value).toMatchObject({ status: 1, title: 'Scheduled maintenance', message: 'Back at 06:00.' });
});

test('the previous test left the site open', { tag: DESKTOP_ONLY }, async ({ request }) => {
  const body = (await (await request.get('/wps/system/status')).json()) as { value: { status: number } };
  expect(body.value.status).toBe(0);
});
