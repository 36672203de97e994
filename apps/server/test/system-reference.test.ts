import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createSeededApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('GET /wps/system/countries', () => {
  it('lists countries with their calling codes, the Philippines as +63', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/system/countries?language=EN' });
    expect(response.statusCode).toBe(200);
    const { list, totalPages } = response.json().value;
    expect(totalPages).toBe(1);
    expect(list.length).toBeGreaterThan(200);
    expect(list.find((country: { countryCode: string }) => country.countryCode === 'PH')).toEqual({
      countryCode: 'PH',
      countryDialingCode: '+63',
      name: 'Philippines',
    });
  });

  it('names countries in the request language', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/system/countries?language=TY' });
    const english = await testApp.app.inject({ method: 'GET', url: '/wps/system/countries?language=EN' });
    const usEnglish = english
      .json()
      .value.list.find((country: { countryCode: string }) => country.countryCode === 'US');
    const usTagalog = response
      .json()
      .value.list.find((country: { countryCode: string }) => country.countryCode === 'US');
    expect(usEnglish.name).toBe('United States');
    expect(usTagalog.name).toBe('Estados Unidos');
  });
});

describe('GET /wps/system/languages', () => {
  it('lists the catalogue with TY as the default and TY and EN as supported', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/system/languages' });
    const { list } = response.json().value;
    expect(list.length).toBeGreaterThanOrEqual(35);
    expect(list[0]).toEqual({
      code: 'TY',
      bcp47: 'fil',
      name: 'Tagalog',
      nativeName: 'Tagalog',
      supported: true,
      isDefault: true,
    });
    expect(
      list
        .filter((language: { supported: boolean }) => language.supported)
        .map((language: { code: string }) => language.code),
    ).toEqual(['TY', 'EN']);
    expect(list.find((language: { code: string }) => language.code === 'ZF')).toMatchObject({
      bcp47: 'zh-Hant',
      supported: false,
    });
    expect(new Set(list.map((language: { code: string }) => language.code)).size).toBe(list.length);
  });
});

describe('GET /COUNTRY_FLAG/{countryCode}', () => {
  it('serves the SVG flag of a known country with a long cache lifetime', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/COUNTRY_FLAG/PH' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toMatch(/max-age=\d{7,}/);
    expect(response.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it('accepts lower case and an .svg suffix', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/COUNTRY_FLAG/ph.svg' })).statusCode).toBe(200);
  });

  it('answers 404 in the envelope for an unknown or malformed code', async () => {
    for (const code of ['XX', 'EU', 'PHL', '1A']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/COUNTRY_FLAG/${code}` });
      expect(response.statusCode, code).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('refuses path traversal attempts', async () => {
    for (const attempt of ['..%2F..%2Fpackage.json', '..%2Fph', '%2e%2e%2fph', 'ph%00', '..\\ph']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/COUNTRY_FLAG/${attempt}` });
      // A NUL is refused by validation before the route looks for a file; the rest find none.
      expect(response.statusCode, attempt).toBe(attempt.includes('%00') ? 422 : 404);
      expect(response.body).not.toContain('"name"');
    }
    const nested = await testApp.app.inject({ method: 'GET', url: '/COUNTRY_FLAG/../../package.json' });
    expect(nested.statusCode).toBe(404);
  });
});

describe('GET /media/{name}', () => {
  it('serves the seed images', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/media/banner-home-house-games-ty.svg',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers 404 for names outside the folder listing', async () => {
    for (const name of ['nothing.svg', '..%2Fdemo-merchant.ts', 'demo-merchant.ts']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/media/${name}` });
      expect(response.statusCode, name).toBe(404);
    }
  });
});
