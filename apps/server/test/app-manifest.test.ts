import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentService } from '../src/modules/content/content.service.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
};

beforeAll(async () => {
  testApp = await createSeededApp();
  // A second site on its own domain whose operator uploaded its own icons.
  const merchantId = uuidv7();
  const db = testApp.database.db;
  await db
    .insertInto('merchants')
    .values({
      id: merchantId,
      code: 'kapalaran',
      name: 'Kapalaran',
      currency: 'PHP',
      currency_symbol: '₱',
      time_zone: 'Asia/Manila',
      default_language: 'EN',
      languages: ['EN'],
      maintenance_title: null,
      maintenance_message: null,
      settings: JSON.stringify({ siteName: 'Kapalaran Games Online' }),
    })
    .execute();
  await db
    .insertInto('merchant_domains')
    .values({
      id: uuidv7(),
      merchant_id: merchantId,
      domain: 'kapalaran.example',
      route: 'PLAYER',
      is_main: true,
    })
    .execute();
  const content = createContentService(db);
  for (const [resourceType, url] of [
    ['APP_ICON_SMALL', 'https://cdn.kapalaran.example/icon-192.png'],
    ['APP_ICON_LARGE', 'https://cdn.kapalaran.example/icon-512.webp'],
  ] as const) {
    await content.createResource(merchantId, {
      resourceType,
      label: { EN: 'App icon' },
      url,
      icon: null,
      sortOrder: 0,
    });
  }
  testApp.app.merchantService.invalidate();
});
afterAll(async () => {
  await testApp.close();
});

async function readManifest(host?: string): Promise<Manifest> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/manifest.webmanifest',
    headers: host ? { host } : {},
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
  return response.json<Manifest>();
}

describe('the lite app manifest', () => {
  it('names the demo merchant, starts installed at the marked start URL and uses the house icons', async () => {
    const manifest = await readManifest();
    expect(manifest).toMatchObject({
      name: 'Panalo',
      short_name: 'Panalo',
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.icons).toEqual([
      { src: '/app-icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/app-icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/app-icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('gives each merchant its own name and the icons it uploaded, the house one for a slot left empty', async () => {
    const manifest = await readManifest('kapalaran.example');
    expect(manifest.name).toBe('Kapalaran Games Online');
    expect(manifest.short_name).toBe('Kapalaran');
    expect(manifest.icons).toEqual([
      {
        src: 'https://cdn.kapalaran.example/icon-192.png',
        sizes: '192x192',
        type: 'image/png',
        purpose: 'any',
      },
      {
        src: 'https://cdn.kapalaran.example/icon-512.webp',
        sizes: '512x512',
        type: 'image/webp',
        purpose: 'any',
      },
      { src: '/app-icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('serves each house icon as a PNG of the size the manifest says', async () => {
    const manifest = await readManifest();
    for (const icon of manifest.icons) {
      const response = await testApp.app.inject({ method: 'GET', url: icon.src });
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const metadata = await sharp(response.rawPayload).metadata();
      expect(`${metadata.width}x${metadata.height}`, icon.src).toBe(icon.sizes);
      expect(metadata.format).toBe('png');
    }
  });

  it('answers 404 for any other icon name', async () => {
    for (const url of ['/app-icons/icon-64.png', '/app-icons/..%2F..%2Fpackage.json', '/app-icons/']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
