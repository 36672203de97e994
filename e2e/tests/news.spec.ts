import type { Page } from '@playwright/test';
import { actAsVisitor, closePublicPopup } from '../accounts.ts';
import { expect, newConfirmedPage, screenshot, test } from '../fixtures.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { DESKTOP_ONLY, DESKTOP_PICTURE, PHONE_ONLY } from '../tags.ts';

// News, blog and the beginner guide: an operator publishes a news article in the back office and
// a visitor reads it at its own address, whose page the server sends with the article's title; the
// demo's articles are read in both languages at both sizes.

const PLAYER_LOAD_MS = 20_000;

async function fillLanguage(
  form: ReturnType<Page['getByRole']>,
  label: string,
  language: 'TY' | 'EN',
  text: string,
) {
  const group = form.getByRole('group', { name: label, exact: true });
  const tab = group.getByRole('tab', { name: language, exact: true });
  if (await tab.isVisible()) await tab.click();
  await group.getByLabel(`${label} (${language})`).fill(text);
}

/** A visitor reading in one language (the shared helper sets English; Tagalog is the default). */
async function visitIn(page: Page, address: string, language: 'TY' | 'EN') {
  await actAsVisitor(page, address);
  await page.addInitScript((chosen) => {
    localStorage.setItem('language', chosen);
    localStorage.setItem('historyLanguage', chosen);
  }, language);
}

test(
  'an operator publishes a news article and a visitor reads it at its address',
  { tag: DESKTOP_ONLY },
  async ({ page, browser, db, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const titleEn = `Weekend tournament ${suffix}`;
    const slug = `weekend-tournament-${suffix}`;
    try {
      await signInAsNewOwner(page, db, 'newsdesk', testInfo.project.name);
      await openSection(page, 'Content');
      await page.getByRole('button', { name: 'News, blog & guide' }).click();
      await page.getByRole('button', { name: 'New article' }).click();
      const form = page.getByRole('form', { name: 'New article' });
      await fillLanguage(form, 'Title', 'TY', `Torneo ngayong Sabado ${suffix}`);
      await fillLanguage(form, 'Title', 'EN', titleEn);
      // The slug follows the English title until it is edited.
      await expect(form.getByLabel(/^Slug/)).toHaveValue(slug);
      await fillLanguage(form, 'Description (lists and link previews)', 'TY', 'Sumali sa torneo sa Sabado.');
      await fillLanguage(
        form,
        'Description (lists and link previews)',
        'EN',
        'Join the tournament on Saturday.',
      );
      await fillLanguage(form, 'Body', 'TY', '<p>Magsisimula ang <strong>torneo</strong> ng alas-otso.</p>');
      await fillLanguage(
        form,
        'Body',
        'EN',
        '<p>The <strong>tournament</strong> starts at eight.</p><script>window.hacked = true</script>',
      );
      await form.getByRole('checkbox', { name: /^Published/ }).check();
      await expect(page.getByTestId('article-preview')).toContainText(`Torneo ngayong Sabado ${suffix}`);
      await screenshot(page, 'admin-news-article-form');
      await form.getByRole('button', { name: 'Add article' }).click();
      await expect(page.getByRole('status')).toContainText('Article added');
      await expect(page.getByTestId('article-row').filter({ hasText: slug })).toContainText('live');
      await screenshot(page, 'admin-news-articles');

      // The page the server sends for the address carries the article's title and description.
      const served = await page.request.get(`/news/${slug}?lang=EN`, { headers: { accept: 'text/html' } });
      expect(served.status()).toBe(200);
      const html = await served.text();
      expect(html).toContain(`<title>${titleEn} | `);
      expect(html).toContain('<meta property="og:description" content="Join the tournament on Saturday." />');
      expect(html).toContain(`/news/${slug}?lang=EN" />`);

      const reader = await newConfirmedPage(browser, { baseURL });
      await visitIn(reader, '203.0.113.121', 'EN');
      await reader.goto(`/news/${slug}`);
      await closePublicPopup(reader);
      await expect(reader.getByTestId('article-title')).toHaveText(titleEn, { timeout: PLAYER_LOAD_MS });
      await expect(reader.getByTestId('article-page')).toContainText('The tournament starts at eight.');
      await expect(reader.getByTestId('article-share')).toBeVisible();
      expect(await reader.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
      await expect(reader).toHaveTitle(titleEn);
      // The news list links it.
      await reader.getByTestId('article-back').click();
      await expect(reader.getByTestId('article-card').filter({ hasText: titleEn })).toBeVisible();
      await reader.close();
    } finally {
      await db.query('delete from articles where slug = $1', [slug]);
    }
  },
);

const READS = {
  TY: {
    newsTitle: 'Bagong laro: Colour Game at Fish Prawn Crab',
    share: 'Ibahagi',
    firstStep: 'Gumawa ng account',
    secondStep: 'Magdeposito',
    stepOne: 'Hakbang 1 ng 3',
    stepTwo: 'Hakbang 2 ng 3',
    nextStep: 'Susunod na hakbang',
    previousStep: 'Nakaraang hakbang',
    blogTitle: 'Ano ang “provably fair”?',
    missing: 'Hindi makita ang artikulo',
  },
  EN: {
    newsTitle: 'New games: Colour Game and Fish Prawn Crab',
    share: 'Share',
    firstStep: 'Create your account',
    secondStep: 'Make a deposit',
    stepOne: 'Step 1 of 3',
    stepTwo: 'Step 2 of 3',
    nextStep: 'Next step',
    previousStep: 'Previous step',
    blogTitle: 'What does “provably fair” mean?',
    missing: 'Article not found',
  },
} as const;

for (const language of ['TY', 'EN'] as const) {
  const reads = READS[language];
  const lower = language.toLowerCase();
  const address = language === 'TY' ? '203.0.113.122' : '203.0.113.123';

  test(`a visitor reads the news list and a news article in ${language}`, {
    tag: language === 'TY' ? [DESKTOP_PICTURE] : [],
  }, async ({ page }) => {
    await visitIn(page, address, language);
    await page.goto('/news');
    await closePublicPopup(page);
    const news = page.getByTestId('articles-news');
    await expect(news.getByTestId('article-card').filter({ hasText: reads.newsTitle })).toBeVisible({
      timeout: PLAYER_LOAD_MS,
    });
    await screenshot(page, `news-list-${lower}`);
    await news.getByTestId('article-card').filter({ hasText: reads.newsTitle }).click();
    await expect(page).toHaveURL(/\/news\/bagong-house-games$/);
    await expect(page.getByTestId('article-title')).toHaveText(reads.newsTitle, { timeout: PLAYER_LOAD_MS });
    await expect(page.getByTestId('article-share')).toHaveText(reads.share);
    await screenshot(page, `news-article-${lower}`);
  });

  test(`a visitor reads the beginner guide in its order and a blog post in ${language}`, {
    tag: language === 'TY' ? [DESKTOP_PICTURE] : [],
  }, async ({ page }) => {
    await visitIn(page, address, language);
    await page.goto('/guide');
    await closePublicPopup(page);
    const guide = page.getByTestId('articles-guide');
    await expect(guide.getByTestId('article-card')).toHaveCount(3, { timeout: PLAYER_LOAD_MS });
    await expect(guide.getByTestId('article-card').first()).toContainText(reads.firstStep);
    await screenshot(page, `guide-list-${lower}`);
    // A step says where it stands and leads on to the next one, and back.
    await guide.getByTestId('article-card').first().click();
    await expect(page).toHaveURL(/\/guide\/hakbang-1-gumawa-ng-account$/);
    await expect(page.getByTestId('guide-step')).toHaveText(reads.stepOne, { timeout: PLAYER_LOAD_MS });
    const steps = page.getByTestId('guide-steps');
    await expect(steps.getByRole('link')).toHaveCount(1);
    await steps.getByRole('link', { name: `${reads.nextStep} ${reads.secondStep}` }).click();
    await expect(page.getByTestId('article-title')).toHaveText(reads.secondStep);
    await expect(page.getByTestId('guide-step')).toHaveText(reads.stepTwo);
    await expect(steps.getByRole('link')).toHaveCount(2);
    await screenshot(page, `guide-step-${lower}`);
    await steps.getByRole('link', { name: `${reads.previousStep} ${reads.firstStep}` }).click();
    await expect(page.getByTestId('article-title')).toHaveText(reads.firstStep);
    await page.goto('/blog/ano-ang-provably-fair');
    await expect(page.getByTestId('article-title')).toHaveText(reads.blogTitle, { timeout: PLAYER_LOAD_MS });
    await screenshot(page, `blog-article-${lower}`);
  });

  test(`an address that names no article answers 404 and says so in ${language}`, {
    tag: PHONE_ONLY,
  }, async ({ page }) => {
    await visitIn(page, address, language);
    const missing = await page.goto('/blog/no-such-post');
    expect(missing?.status()).toBe(404);
    await closePublicPopup(page);
    await expect(page.getByText(reads.missing)).toBeVisible({ timeout: PLAYER_LOAD_MS });
    await screenshot(page, `blog-missing-${lower}`);
  });
}
