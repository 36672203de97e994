import sharp from 'sharp';
import { actAsVisitor } from '../accounts.ts';
import { expect, test } from '../fixtures.ts';
import { MERCHANT_WIDE, PHONE_ONLY } from '../tags.ts';

// The image CDN of the permission response (spec §3 imageCDNs, §9): our own art is fetched from
// the CDN the page picked; when the CDN fails, the retry goes to our origin, then the fallback.

const CDN = 'http://images.cdn-e2e.test';
/** The merchant cache of the server forgets a direct database change within two seconds. */
const MERCHANT_CACHE_MS = 2_500;

test(
  'game art comes from the image CDN, and falls back to the origin and then our own art',
  { tag: [PHONE_ONLY, MERCHANT_WIDE] },
  async ({ page, db }, testInfo) => {
    const suffix = `${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}`;
    const nodeId = `LAKAN_e2e-cdn-${suffix}`;
    await db.query(
      `insert into games (id, merchant_id, vendor_id, node_id, vassalage, game_type, game_code, names, icon_url)
     select $1, v.merchant_id, v.id, $2, 'LAKAN', 'RNG', $3, $4::jsonb, $5
       from game_vendors v join merchants m on m.id = v.merchant_id
      where m.is_default and v.vassalage = 'LAKAN'`,
      [
        `e2e-game-cdn-${suffix}`,
        nodeId,
        `e2e-cdn-${suffix}`,
        JSON.stringify({ EN: `Cloud Art ${suffix}`, TY: `Ulap ${suffix}` }),
        `/media/e2e-cdn-${suffix}.webp`,
      ],
    );
    await db.query(
      `update merchants set settings = jsonb_set(settings, '{imageCDNs}', $1::jsonb) where is_default`,
      [JSON.stringify([CDN])],
    );
    try {
      await page.waitForTimeout(MERCHANT_CACHE_MS);
      const art = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#7b5cff' } })
        .png()
        .toBuffer();
      const asked: string[] = [];
      let cdnWorks = true;
      await page.route(`${CDN}/**`, async (route) => {
        asked.push(route.request().url());
        if (cdnWorks) await route.fulfill({ status: 200, contentType: 'image/png', body: art });
        else await route.abort();
      });

      await actAsVisitor(page, `10.79.${1 + Math.floor(Math.random() * 250)}.9`);
      await page.goto('/');
      await page.getByTestId('home-search').fill(`Cloud Art ${suffix}`);
      const image = page.getByTestId('search-results').getByTestId('game-tile').locator('img');
      await expect(image).toHaveAttribute('src', `${CDN}/media/e2e-cdn-${suffix}.webp`);
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
      expect(asked).toContain(`${CDN}/media/e2e-cdn-${suffix}.webp`);

      // A CDN that fails: the one retry goes to our origin (which has no such file), then our art.
      cdnWorks = false;
      await page.reload();
      await page.getByTestId('home-search').fill(`Cloud Art ${suffix}`);
      const retried = page.getByTestId('search-results').getByTestId('game-tile').locator('img');
      await expect(retried).toHaveAttribute('data-fallback', 'true');
    } finally {
      await db.query(
        `update merchants set settings = jsonb_set(settings, '{imageCDNs}', '[]'::jsonb) where is_default`,
      );
      await db.query('delete from games where node_id = $1', [nodeId]);
      // The next test must not meet the CDN still in the server's merchant cache.
      await new Promise((resolve) => setTimeout(resolve, MERCHANT_CACHE_MS));
    }
  },
);
