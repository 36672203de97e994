import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/schema.ts';
import { findDemoMerchantId } from './demo-merchant.ts';

const DAY_MS = 86_400_000;

type DemoArticle = {
  kind: 'news' | 'blog' | 'guide';
  slug: string;
  /** How many days before the seed the article was published. */
  daysAgo: number;
  sortOrder: number;
  title: { TY: string; EN: string };
  description: { TY: string; EN: string };
  body: { TY: string; EN: string };
};

/**
 * The demo merchant's news, blog and beginner guide (docs/back-office.md "News, blog and guide"),
 * in Tagalog and English. Each names only what the demo site really has.
 */
export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    kind: 'news',
    slug: 'bagong-house-games',
    daysAgo: 2,
    sortOrder: 0,
    title: {
      TY: 'Bagong laro: Colour Game at Fish Prawn Crab',
      EN: 'New games: Colour Game and Fish Prawn Crab',
    },
    description: {
      TY: 'Dalawang paboritong larong perya, ngayon sa Panalo, at masusuri mo ang bawat round.',
      EN: 'Two fairground favourites, now on Panalo, with every round yours to check.',
    },
    body: {
      TY: '<p>Nasa lobby na ang <strong>Colour Game</strong> at <strong>Fish Prawn Crab</strong>, kasama ng dice, roulette at iba pang sarili naming laro.</p><p>Bawat round ay may patunay na masusuri mo: buksan ang kasaysayan ng taya at tingnan ang resulta at ang seed nito.</p>',
      EN: '<p><strong>Colour Game</strong> and <strong>Fish Prawn Crab</strong> are now in the lobby, next to dice, roulette and the rest of our own games.</p><p>Every round comes with a proof you can check: open your bet history and look at the result and its seed.</p>',
    },
  },
  {
    kind: 'news',
    slug: 'gcash-deposit-mas-mabilis',
    daysAgo: 9,
    sortOrder: 0,
    title: { TY: 'Mas mabilis na deposito sa GCash', EN: 'Faster GCash deposits' },
    description: {
      TY: 'Pumapasok na agad sa balanse ang deposito mo sa GCash kapag nakumpirma na ito.',
      EN: 'Your GCash deposit now reaches your balance as soon as it is confirmed.',
    },
    body: {
      TY: '<p>Pinabilis namin ang deposito sa GCash: kapag nakumpirma na ng GCash ang bayad, nasa balanse mo na ito.</p><ul><li>Pinakamababang deposito: ₱100</li><li>Walang dagdag na bayad mula sa amin</li></ul>',
      EN: '<p>We made GCash deposits faster: once GCash confirms the payment, it is in your balance.</p><ul><li>Smallest deposit: ₱100</li><li>No extra fee from us</li></ul>',
    },
  },
  {
    kind: 'blog',
    slug: 'paano-magtakda-ng-limitasyon',
    daysAgo: 4,
    sortOrder: 0,
    title: { TY: 'Paano magtakda ng limitasyon bago maglaro', EN: 'How to set your limits before you play' },
    description: {
      TY: 'Limitasyon sa deposito, sa talo at sa oras: tatlong paraan para manatiling masaya ang laro.',
      EN: 'Deposit, loss and time limits: three ways to keep play fun.',
    },
    body: {
      TY: '<p>Ang pinakamagandang oras para magpasya kung magkano ang gagastusin mo ay <em>bago</em> ka magsimula.</p><h3>Tatlong limitasyon</h3><ol><li><strong>Deposito</strong>: kung magkano ang maidedeposito mo sa isang araw, linggo o buwan.</li><li><strong>Talo</strong>: hihinto ang laro kapag naabot mo ito.</li><li><strong>Oras</strong>: paalala kapag matagal ka nang naglalaro.</li></ol><p>Makikita mo ang mga ito sa Security Center ng iyong account.</p>',
      EN: '<p>The best time to decide how much to spend is <em>before</em> you start.</p><h3>Three limits</h3><ol><li><strong>Deposit</strong>: how much you can deposit in a day, a week or a month.</li><li><strong>Loss</strong>: play stops when you reach it.</li><li><strong>Time</strong>: a reminder when you have been playing a while.</li></ol><p>You will find them in your account’s Security Center.</p>',
    },
  },
  {
    kind: 'blog',
    slug: 'ano-ang-provably-fair',
    daysAgo: 12,
    sortOrder: 0,
    title: { TY: 'Ano ang “provably fair”?', EN: 'What does “provably fair” mean?' },
    description: {
      TY: 'Paano mo masusuri na hindi binago ang resulta ng isang round.',
      EN: 'How you can check that a round’s result was not changed.',
    },
    body: {
      TY: '<p>Bago magsimula ang round, nagbibigay kami ng <strong>hash</strong> ng lihim na seed. Pagkatapos ng round, ipinapakita namin ang seed mismo.</p><p>Kapag tumugma ang hash ng seed sa ibinigay namin noon, alam mong hindi ito binago pagkatapos ng taya mo.</p>',
      EN: '<p>Before a round starts we hand you the <strong>hash</strong> of a secret seed. After the round we show you the seed itself.</p><p>When the seed’s hash matches the one we gave you, you know it was not changed after your bet.</p>',
    },
  },
  {
    kind: 'guide',
    slug: 'hakbang-1-gumawa-ng-account',
    daysAgo: 30,
    sortOrder: 1,
    title: { TY: 'Gumawa ng account', EN: 'Create your account' },
    description: {
      TY: 'Username, password at numero ng mobile: ilang minuto lang.',
      EN: 'A username, a password and your mobile number: it takes minutes.',
    },
    body: {
      TY: '<p>Pindutin ang <strong>Mag-register</strong> sa itaas ng pahina. Pumili ng username at password, ilagay ang numero ng mobile mo at ang code na ipapadala namin.</p><p>Kailangang 21 taong gulang ka pataas para maglaro.</p>',
      EN: '<p>Press <strong>Register</strong> at the top of the page. Choose a username and a password, then enter your mobile number and the code we send you.</p><p>You must be 21 or older to play.</p>',
    },
  },
  {
    kind: 'guide',
    slug: 'hakbang-2-magdeposito',
    daysAgo: 30,
    sortOrder: 2,
    title: { TY: 'Magdeposito', EN: 'Make a deposit' },
    description: {
      TY: 'Pumili ng paraan ng pagbabayad at halaga, simula ₱100.',
      EN: 'Pick a payment method and an amount, from ₱100.',
    },
    body: {
      TY: '<p>Buksan ang <strong>Deposito</strong> sa menu. Pumili ng GCash o ibang paraan, ilagay ang halaga at sundin ang mga hakbang ng bayad.</p><p>Tingnan din ang welcome bonus sa unang deposito sa pahina ng Promosyon.</p>',
      EN: '<p>Open <strong>Deposit</strong> in the menu. Pick GCash or another method, enter the amount and follow the payment steps.</p><p>Look for the first-deposit welcome bonus on the Promotions page too.</p>',
    },
  },
  {
    kind: 'guide',
    slug: 'hakbang-3-pumili-ng-laro',
    daysAgo: 30,
    sortOrder: 3,
    title: { TY: 'Pumili ng laro', EN: 'Pick a game' },
    description: {
      TY: 'Subukan muna nang libre ang mga laro na may demo bago tumaya.',
      EN: 'Try the games that have a demo for free before you bet.',
    },
    body: {
      TY: '<p>Hanapin ang laro sa lobby ayon sa uri, o gamitin ang paghahanap. Maraming laro ang may <strong>Subukan</strong> na button para maglaro nang walang pera.</p><p>Magtakda ng limitasyon bago ka tumaya, at magpahinga paminsan-minsan.</p>',
      EN: '<p>Find a game in the lobby by type, or use the search. Many games have a <strong>Try</strong> button to play without money.</p><p>Set your limits before you bet, and take a break now and then.</p>',
    },
  },
];

const COVERS: Record<DemoArticle['kind'], string> = {
  news: '/media/article-news.svg',
  blog: '/media/article-blog.svg',
  guide: '/media/article-guide.svg',
};

/** Adds the demo articles the merchant does not have yet (by slug); answers how many it added. */
export async function seedDemoArticles(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Promise<number> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return 0;
  const at = now().getTime();
  const rows = DEMO_ARTICLES.map((article) => ({
    id: uuidv7(),
    merchant_id: merchantId,
    kind: article.kind,
    slug: article.slug,
    title: JSON.stringify(article.title),
    description: JSON.stringify(article.description),
    body: JSON.stringify(article.body),
    cover_image_url: COVERS[article.kind],
    published: true,
    publish_at: new Date(at - article.daysAgo * DAY_MS),
    unpublish_at: null,
    sort_order: article.sortOrder,
  }));
  const added = await db
    .insertInto('articles')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['merchant_id', 'slug']).doNothing())
    .returning('id')
    .execute();
  return added.length;
}
