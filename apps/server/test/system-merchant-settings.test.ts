import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/platform/errors/errors.ts';
import { DEMO_SETTINGS } from '../src/seed/demo-merchant.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let merchantId: string;

beforeAll(async () => {
  testApp = await createSeededApp();
  merchantId = (
    await testApp.database.db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await testApp.close();
});

async function readStatus(remoteAddress: string) {
  const response = await testApp.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress });
  return response.json().value.status;
}

describe('changing a merchant', () => {
  it('applies new region rules to the very next request', async () => {
    expect(await readStatus('198.51.100.1')).toBe(0);
    await testApp.app.merchantService.replaceSettings(merchantId, {
      ...DEMO_SETTINGS,
      regionRestriction: {
        enabled: true,
        blockedCountries: [],
        blockedCidrs: ['198.51.100.0/24'],
        allowCidrs: [],
      },
    });
    expect(await readStatus('198.51.100.1')).toBe(2);
    await testApp.app.merchantService.replaceSettings(merchantId, DEMO_SETTINGS);
    expect(await readStatus('198.51.100.1')).toBe(0);
  });

  it('refuses settings with a malformed IP range and keeps the old ones', async () => {
    const attempt = testApp.app.merchantService.replaceSettings(merchantId, {
      ...DEMO_SETTINGS,
      regionRestriction: {
        enabled: true,
        blockedCountries: [],
        blockedCidrs: ['300.0.0.0/8'],
        allowCidrs: [],
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await readStatus('198.51.100.1')).toBe(0);
  });

  it('refuses settings that break the schema', async () => {
    await expect(
      testApp.app.merchantService.replaceSettings(merchantId, { ...DEMO_SETTINGS, minimumAge: 12 }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      value: { fields: { settings: expect.stringContaining('minimumAge') } },
    });
  });

  it('opens and closes maintenance at once, with the title and message visitors see', async () => {
    await testApp.app.merchantService.setMaintenance(merchantId, {
      enabled: true,
      title: 'Sandali lang',
      message: 'Babalik kami.',
    });
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(response.json().value).toMatchObject({
      status: 1,
      title: 'Sandali lang',
      message: 'Babalik kami.',
    });
    await testApp.app.merchantService.setMaintenance(merchantId, {
      enabled: false,
      title: null,
      message: null,
    });
    expect(await readStatus('127.0.0.1')).toBe(0);
  });

  it('answers NOT_FOUND for a merchant that does not exist', async () => {
    await expect(testApp.app.merchantService.replaceSettings('missing', DEMO_SETTINGS)).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
  });
});
