import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type {
  Database,
  LocalizedText,
  PromotionAudience,
  PromotionKind,
  PromotionType,
} from '../db/schema.ts';
import {
  type AnnouncementInput,
  type BannerContent,
  createContentService,
} from '../modules/content/content.service.ts';
import { sanitizeLocalizedHtml } from '../modules/content/operator-html.ts';
import { createDrawIn } from '../modules/promotion/raffle.service.ts';
import { addMissing, findDemoMerchantId } from './demo-merchant.ts';

const DAY_MS = 86_400_000;

/** Wagering counted by the demo's bonuses: our own games and slots in full, live tables a tenth. */
const CASINO_CONTRIBUTIONS = { INHOUSE: 10_000, RNG: 10_000, LIVE: 1000 };

/** A demo promotion as promotions store it (docs/promotions.md): rules and terms in wire form. */
export type DemoPromotion = {
  /** Names its art: `/media/promo-<art>-<ty|en>.svg`. */
  art: string;
  type: PromotionType;
  kind: PromotionKind;
  title: LocalizedText;
  content: LocalizedText;
  audience: PromotionAudience;
  rules: Record<string, unknown>;
  bonusTerms: Record<string, unknown> | null;
  grantsPerMember: number;
  /** How many days from the seed the promotion runs; left out: open-ended. */
  openDays?: number;
};

/**
 * The demo merchant's promotions, one of each kind, as a Philippine operator would run them: the
 * welcome deposit bonus, the newbie bonus, the weekly cashback, an application (a big win shared),
 * the month's raffle and a page of information. Titles and content in Tagalog and English.
 */
export const DEMO_PROMOTIONS: readonly DemoPromotion[] = [
  {
    art: 'welcome',
    type: 'DEPOSIT',
    kind: 'deposit_bonus',
    title: {
      TY: 'Welcome Bonus: 100% hanggang ₱1,000',
      EN: 'Welcome Bonus: 100% up to ₱1,000',
    },
    content: {
      TY: [
        '<p>Bago sa Panalo? Dodoblehin namin ang una mong deposito.</p>',
        '<h3>Paano sumali</h3>',
        '<ol><li>I-tap ang <strong>Sumali</strong> at tanggapin ang mga tuntunin ng bonus.</li>',
        '<li>Gawin ang una mong deposito na hindi bababa sa ₱100.</li>',
        '<li>Agad naming idadagdag sa bonus wallet mo ang 100% ng deposito, hanggang ₱1,000.</li></ol>',
        '<h3>Mga tuntunin</h3>',
        '<ul><li>Turnover: 5× ng bonus bago ito maging cash. Halimbawa, ang ₱1,000 na bonus ay kailangan ng ₱5,000 na valid bet.</li>',
        '<li>100% ang bilang ng sariling laro ng Panalo at ng slots; 10% ang live casino; hindi binibilang ang ibang laro.</li>',
        '<li>Pinakamalaking taya habang aktibo ang bonus: ₱100.</li>',
        '<li>Mag-e-expire ang bonus 7 araw matapos itong magsimula.</li>',
        '<li>Isang welcome bonus lang bawat miyembro.</li>',
        '<li>Sa iyo ang deposito mo: puwede mo itong i-withdraw anumang oras, pero mawawala ang bonus kapag nag-withdraw habang aktibo pa ito.</li></ul>',
        '<p><small>21+ lamang. Maglaro nang responsable.</small></p>',
      ].join(''),
      EN: [
        '<p>New to Panalo? We double your first deposit.</p>',
        '<h3>How to join</h3>',
        '<ol><li>Tap <strong>Join</strong> and accept the bonus terms.</li>',
        '<li>Make your first deposit of at least ₱100.</li>',
        '<li>We add 100% of it to your bonus wallet at once, up to ₱1,000.</li></ol>',
        '<h3>Terms</h3>',
        '<ul><li>Wagering: 5× the bonus before it turns into cash. A ₱1,000 bonus, for example, needs ₱5,000 in valid bets.</li>',
        "<li>Panalo's own games and slots count 100%; live casino counts 10%; other games do not count.</li>",
        '<li>Largest bet while the bonus is active: ₱100.</li>',
        '<li>The bonus expires 7 days after it starts.</li>',
        '<li>One welcome bonus per member.</li>',
        '<li>Your deposit is yours: withdraw it whenever you like, but a withdrawal while the bonus is active gives the bonus up.</li></ul>',
        '<p><small>21+ only. Play responsibly.</small></p>',
      ].join(''),
    },
    audience: 'all',
    rules: { percent: '100.00', cap: '1000.00', minDeposit: '100.00', which: 'first' },
    bonusTerms: {
      multiplier: 5,
      includeDeposit: false,
      contributions: CASINO_CONTRIBUTIONS,
      maxStake: '100.00',
      expiryDays: 7,
      maxConversion: null,
    },
    grantsPerMember: 1,
  },
  {
    art: 'newbie',
    type: 'NEWBIE',
    kind: 'newbie_bonus',
    title: { TY: 'Libreng ₱88 para sa Bagong Miyembro', EN: 'A Free ₱88 for New Members' },
    content: {
      TY: [
        '<p>Salamat sa pagsali sa Panalo! I-claim ang libreng ₱88 sa loob ng 7 araw mula nang magrehistro ka. Walang kailangang deposito.</p>',
        '<h3>Paano i-claim</h3>',
        '<ol><li>I-tap ang <strong>I-claim</strong> at tanggapin ang mga tuntunin ng bonus.</li>',
        '<li>Papasok agad ang ₱88 sa bonus wallet mo.</li>',
        '<li>Kapag naabot mo ang 3× na turnover (₱264 na valid bet), magiging cash ang natitira sa bonus wallet mo, hanggang ₱888.</li></ol>',
        '<h3>Mga tuntunin</h3>',
        '<ul><li>Para sa mga miyembrong nagrehistro sa nakaraang 7 araw; isang claim bawat miyembro.</li>',
        '<li>100% ang bilang ng sariling laro ng Panalo at ng slots; 10% ang live casino.</li>',
        '<li>Pinakamalaking taya habang aktibo ang bonus: ₱50.</li>',
        '<li>Mag-e-expire ang bonus 7 araw matapos itong magsimula.</li></ul>',
        '<p><small>21+ lamang. Maglaro nang responsable.</small></p>',
      ].join(''),
      EN: [
        '<p>Thanks for joining Panalo! Claim a free ₱88 within 7 days of signing up. No deposit needed.</p>',
        '<h3>How to claim</h3>',
        '<ol><li>Tap <strong>Claim</strong> and accept the bonus terms.</li>',
        '<li>₱88 lands in your bonus wallet at once.</li>',
        '<li>Once you reach 3× wagering (₱264 in valid bets), what is left in your bonus wallet becomes cash, up to ₱888.</li></ol>',
        '<h3>Terms</h3>',
        '<ul><li>For members who signed up in the last 7 days; one claim per member.</li>',
        "<li>Panalo's own games and slots count 100%; live casino counts 10%.</li>",
        '<li>Largest bet while the bonus is active: ₱50.</li>',
        '<li>The bonus expires 7 days after it starts.</li></ul>',
        '<p><small>21+ only. Play responsibly.</small></p>',
      ].join(''),
    },
    audience: 'all',
    rules: { amount: '88.00', registeredWithinDays: 7 },
    bonusTerms: {
      multiplier: 3,
      includeDeposit: false,
      contributions: CASINO_CONTRIBUTIONS,
      maxStake: '50.00',
      expiryDays: 7,
      maxConversion: '888.00',
    },
    grantsPerMember: 1,
  },
  {
    art: 'cashback',
    type: 'REBATE',
    kind: 'cashback',
    title: { TY: 'Lingguhang Cashback: 10% Balik', EN: 'Weekly Cashback: 10% Back' },
    content: {
      TY: [
        '<p>Linggo-linggo, mula Lunes hanggang Linggo, ibinabalik namin ang 10% ng net loss mo bilang cash, walang turnover.</p>',
        '<h3>Paano ito gumagana</h3>',
        '<ol><li>I-tap ang <strong>Sumali</strong> nang isang beses: kasali ka na sa bawat susunod na linggo.</li>',
        '<li>Maglaro gaya ng dati. Ang net loss mo sa linggo ay ang kabuuan ng settled na taya mo bawas ang mga panalo, bilang mula sa araw ng pagsali mo.</li>',
        '<li>Tuwing Lunes, pagsara ng linggo sa hatinggabi (oras sa Pilipinas), ibabayad namin ang 10% ng net loss na ₱500 pataas diretso sa cash wallet mo, hanggang ₱5,000.</li></ol>',
        '<h3>Mga tuntunin</h3>',
        '<ul><li>Cash ang cashback: puwedeng i-withdraw o ipanlaro, walang turnover.</li>',
        '<li>Kasama ang taya sa lahat ng laro, cash man o bonus.</li>',
        '<li>Walang cashback para sa linggong iyon ang miyembrong nag-off ng mga promosyon, naka-break o naka-self-exclusion sa oras ng bayad.</li></ul>',
        '<p><small>21+ lamang. Pampagaan ng talong linggo ang cashback; hindi ito dahilan para habulin ang talo.</small></p>',
      ].join(''),
      EN: [
        '<p>Every week, Monday to Sunday, we give back 10% of your net loss in cash, with no wagering.</p>',
        '<h3>How it works</h3>',
        '<ol><li>Tap <strong>Join</strong> once: you are in for every week after that.</li>',
        '<li>Play as usual. Your net loss for the week is your settled bets less your wins, counted from the day you join.</li>',
        '<li>Every Monday, once the week closes at midnight (Philippine time), we pay 10% of a net loss of ₱500 or more straight to your cash wallet, up to ₱5,000.</li></ol>',
        '<h3>Terms</h3>',
        '<ul><li>Cashback is cash: withdraw it or play it, no wagering needed.</li>',
        '<li>Bets in every game count, cash and bonus alike.</li>',
        '<li>Members who have turned promotions off, or are on a break or self-exclusion when it is paid, receive no cashback for that week.</li></ul>',
        '<p><small>21+ only. Cashback softens a losing week; it is never a reason to chase losses.</small></p>',
      ].join(''),
    },
    audience: 'all',
    rules: { percent: '10.00', period: 'week', minNetLoss: '500.00', cap: '5000.00', payAs: 'cash' },
    bonusTerms: null,
    grantsPerMember: 1,
  },
  {
    art: 'share-win',
    type: 'OTHERS',
    kind: 'application',
    title: { TY: 'Ibahagi ang Big Win Mo: Hanggang ₱500', EN: 'Share Your Big Win: Up to ₱500' },
    content: {
      TY: [
        '<p>Naka-jackpot ka ba? Ipakita mo sa amin! Ipadala ang screenshot ng malaking panalo mo sa alinmang laro sa Panalo, at bibigyan namin ng bonus na hanggang ₱500 ang pinakamagaganda.</p>',
        '<h3>Paano mag-apply</h3>',
        '<ol><li>Kunan ng screenshot ang panalo mo: dapat kita ang laro, ang halaga ng panalo at ang oras.</li>',
        '<li>I-tap ang <strong>Mag-apply</strong>, maglagay ng hanggang 3 larawan at maikling mensahe.</li>',
        '<li>Susuriin ng aming team ang bawat application. Ang maaaprubahan ay makakatanggap ng bonus na hanggang ₱500, na may 1× na turnover.</li></ol>',
        '<h3>Mga tuntunin</h3>',
        '<ul><li>Ang panalo ay dapat mula sa sarili mong account sa Panalo.</li>',
        '<li>Hindi tatanggapin ang inedit o hiniram na screenshot.</li>',
        '<li>Hanggang 3 naaprubahang application bawat miyembro.</li></ul>',
        '<p><small>21+ lamang.</small></p>',
      ].join(''),
      EN: [
        '<p>Hit a big win? Show us! Send a screenshot of a big win in any game at Panalo, and we reward the best ones with a bonus of up to ₱500.</p>',
        '<h3>How to apply</h3>',
        '<ol><li>Take a screenshot of your win: the game, the amount won and the time must show.</li>',
        '<li>Tap <strong>Apply</strong>, add up to 3 pictures and a short note.</li>',
        '<li>Our team reviews every application. Approved ones receive a bonus of up to ₱500, with 1× wagering.</li></ol>',
        '<h3>Terms</h3>',
        '<ul><li>The win must be on your own Panalo account.</li>',
        '<li>Edited or borrowed screenshots are not accepted.</li>',
        '<li>Up to 3 approved applications per member.</li></ul>',
        '<p><small>21+ only.</small></p>',
      ].join(''),
    },
    audience: 'all',
    rules: { maxAmount: '500.00' },
    bonusTerms: {
      multiplier: 1,
      includeDeposit: false,
      contributions: CASINO_CONTRIBUTIONS,
      maxStake: null,
      expiryDays: 7,
      maxConversion: null,
    },
    grantsPerMember: 3,
  },
  {
    art: 'raffle',
    type: 'OTHERS',
    kind: 'raffle',
    title: { TY: 'Buwanang Raffle: ₱5,000 ang Unang Premyo', EN: 'Monthly Raffle: ₱5,000 Top Prize' },
    content: {
      TY: [
        '<p>Sa bawat ₱500 na valid bet mo ngayong buwan, may isang ticket ka sa aming raffle. 24 na premyong cash ang naghihintay!</p>',
        '<h3>Paano sumali</h3>',
        '<ol><li>I-tap ang <strong>Sumali</strong> at tanggapin ang mga tuntunin.</li>',
        '<li>Maglaro gaya ng dati: isang ticket bawat buong ₱500 na valid bet mula nang sumali ka, hanggang 100 ticket.</li>',
        '<li>Isang oras matapos magsara ang raffle, bubunutin ang mga nanalo. I-claim ang premyo mo sa loob ng 7 araw.</li></ol>',
        '<h3>Mga premyo</h3>',
        '<ul><li>Unang premyo: ₱5,000 (1 nanalo)</li><li>Ikalawang premyo: ₱1,000 (3 nanalo)</li><li>Ikatlong premyo: ₱100 (20 nanalo)</li></ul>',
        '<h3>Patas na bunutan</h3>',
        '<p>Nakikita mo na ngayon ang hash ng server seed. Pagkatapos ng bunutan, ilalabas namin ang seed at ang listahan ng lahat ng ticket para masuri mo mismo ang mga nanalo.</p>',
        '<ul><li>Cash ang premyo: puwedeng i-withdraw o ipanlaro, walang turnover.</li>',
        '<li>Kasama ang taya sa lahat ng laro, cash man o bonus.</li></ul>',
        '<p><small>21+ lamang. Maglaro nang responsable.</small></p>',
      ].join(''),
      EN: [
        '<p>Every ₱500 you bet this month earns you a ticket in our raffle. 24 cash prizes are waiting!</p>',
        '<h3>How to join</h3>',
        '<ol><li>Tap <strong>Join</strong> and accept the terms.</li>',
        '<li>Play as usual: one ticket for every full ₱500 of valid bets from the moment you join, up to 100 tickets.</li>',
        '<li>The winners are drawn an hour after the raffle closes. Claim your prize within 7 days.</li></ol>',
        '<h3>Prizes</h3>',
        '<ul><li>First prize: ₱5,000 (1 winner)</li><li>Second prize: ₱1,000 (3 winners)</li><li>Third prize: ₱100 (20 winners)</li></ul>',
        '<h3>A fair draw</h3>',
        '<p>The server seed’s hash is shown from now on. After the draw we reveal the seed and the list of every ticket, so you can check the winners yourself.</p>',
        '<ul><li>Prizes are cash: withdraw them or play them, no wagering needed.</li>',
        '<li>Bets in every game count, cash and bonus alike.</li></ul>',
        '<p><small>21+ only. Play responsibly.</small></p>',
      ].join(''),
    },
    audience: 'all',
    rules: {
      ticketBy: 'validBet',
      ticketEvery: '500.00',
      maxTickets: 100,
      prizes: [
        { amount: '5000.00', count: 1 },
        { amount: '1000.00', count: 3 },
        { amount: '100.00', count: 20 },
      ],
      payAs: 'cash',
      claimDays: 7,
      drawDelayMinutes: 60,
    },
    bonusTerms: null,
    grantsPerMember: 1,
    openDays: 30,
  },
  {
    art: 'fair-play',
    type: 'GAME',
    kind: 'info',
    title: { TY: 'Patas na Laro: Suriin ang Bawat Round', EN: 'Fair Play: Check Every Round' },
    content: {
      TY: [
        '<p>Provably fair ang bawat round ng sariling laro ng Panalo: dice, roulette, sic bo, baccarat, mines, slots at iba pa.</p>',
        '<h3>Paano suriin ang isang round</h3>',
        '<ol><li>Buksan ang alinman sa aming sariling laro at maglaro ng isang round.</li>',
        '<li>Buksan ang panel na <strong>Fairness</strong>: makikita mo ang hash ng server seed bago ka tumaya, ang client seed mo at ang nonce.</li>',
        '<li>Pagpalit mo ng seeds, ilalabas ang server seed: tingnan kung tugma ito sa hash at kung pareho ang resulta.</li></ol>',
        '<p><a href="/inHouse">Laruin ang sariling laro ng Panalo</a></p>',
      ].join(''),
      EN: [
        "<p>Every round of Panalo's own games is provably fair: dice, roulette, sic bo, baccarat, mines, slots and more.</p>",
        '<h3>How to check a round</h3>',
        '<ol><li>Open any of our own games and play a round.</li>',
        '<li>Open the <strong>Fairness</strong> panel: you see the hash of the server seed before you bet, your client seed and the nonce.</li>',
        '<li>Once you change your seeds, the server seed is revealed: check that it matches the hash and gives the same result.</li></ol>',
        '<p><a href="/inHouse">Play Panalo\'s own games</a></p>',
      ].join(''),
    },
    audience: 'all',
    rules: {},
    bonusTerms: null,
    grantsPerMember: 1,
  },
];

/** The home banners that lead to a demo promotion (link type PROMOTION, the site's /promotions#<id>). */
const DEMO_PROMOTION_BANNERS: readonly { art: string; title: LocalizedText }[] = [
  {
    art: 'welcome',
    title: { TY: 'Welcome Bonus: 100% hanggang ₱1,000', EN: 'Welcome Bonus: 100% up to ₱1,000' },
  },
  { art: 'cashback', title: { TY: 'Lingguhang Cashback: 10% balik', EN: 'Weekly Cashback: 10% back' } },
];

/**
 * The demo's announcements of its promotions: each names its promotion's type, which the site
 * opens on the promotions page; the popup greets a member's first login.
 */
const DEMO_PROMOTION_ANNOUNCEMENTS: readonly Omit<AnnouncementInput, 'startsAt'>[] = [
  {
    type: 'PR',
    promotionType: 'DEPOSIT',
    title: { TY: 'Welcome Bonus: 100% hanggang ₱1,000', EN: 'Welcome Bonus: 100% up to ₱1,000' },
    content: {
      TY: '<p>Dodoblehin namin ang una mong deposito, hanggang ₱1,000. Sumali muna sa promosyon bago mag-deposito.</p>',
      EN: '<p>We double your first deposit, up to ₱1,000. Join the promotion before you deposit.</p>',
    },
  },
  {
    type: 'PR',
    promotionType: 'REBATE',
    title: {
      TY: 'Lingguhang Cashback: 10% balik tuwing Lunes',
      EN: 'Weekly Cashback: 10% back every Monday',
    },
    content: {
      TY: '<p>10% ng net loss mo sa linggo, hanggang ₱5,000, bilang cash at walang turnover. Sumali nang isang beses.</p>',
      EN: '<p>10% of your net loss for the week, up to ₱5,000, in cash with no wagering. Join once.</p>',
    },
  },
  {
    type: 'PU',
    execution: 'F',
    promotionType: 'DEPOSIT',
    title: { TY: 'Naghihintay ang welcome bonus mo', EN: 'Your welcome bonus is waiting' },
    content: {
      TY: '<p>Sumali sa Welcome Bonus at dodoblehin namin ang una mong deposito, hanggang ₱1,000.</p>',
      EN: '<p>Join the Welcome Bonus and we double your first deposit, up to ₱1,000.</p>',
    },
  },
];

/** A promotion's art in each of the demo's languages. */
function artOf(art: string): LocalizedText {
  return { TY: `/media/promo-${art}-ty.svg`, EN: `/media/promo-${art}-en.svg` };
}

/** What the demo promotions seed added. */
export type DemoPromotionsSeeded = { promotions: number; banners: number; announcements: number };

/**
 * Adds the demo promotions that are missing (by English title), published from a day before the
 * seed ran, open-ended or for their days (a raffle, with its draw's seed), and the banners and announcements that lead to them. Written straight
 * into the tables, as an operator's saved promotion is stored. Idempotent.
 */
export async function seedDemoPromotions(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Promise<DemoPromotionsSeeded> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return { promotions: 0, banners: 0, announcements: 0 };
  const idOf = async (title: LocalizedText) =>
    (
      await db
        .selectFrom('promotions')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where(sql<string>`title ->> 'EN'`, '=', title.EN ?? '')
        .executeTakeFirst()
    )?.id;

  const promotions = await addMissing(
    DEMO_PROMOTIONS,
    async (demo) => (await idOf(demo.title)) !== undefined,
    async (demo) => {
      const at = now();
      const id = uuidv7();
      await db
        .insertInto('promotions')
        .values({
          id,
          merchant_id: merchantId,
          type: demo.type,
          kind: demo.kind,
          title: JSON.stringify(demo.title),
          content: JSON.stringify(sanitizeLocalizedHtml(demo.content)),
          cover_image_urls: JSON.stringify(artOf(demo.art)),
          starts_at: new Date(at.getTime() - DAY_MS),
          ends_at: demo.openDays === undefined ? null : new Date(at.getTime() + demo.openDays * DAY_MS),
          audience: demo.audience,
          rules: JSON.stringify(demo.rules),
          bonus_terms: demo.bonusTerms === null ? null : JSON.stringify(demo.bonusTerms),
          grants_per_member: demo.grantsPerMember,
          sort_order: DEMO_PROMOTIONS.indexOf(demo),
          status: 'published',
          created_at: at,
          updated_at: at,
        })
        .execute();
      if (demo.kind === 'raffle') await createDrawIn(db, { promotionId: id, merchantId, now: at });
    },
  );

  const content = createContentService(db);
  const promotionOfArt = (art: string) => {
    const demo = DEMO_PROMOTIONS.find((candidate) => candidate.art === art);
    return demo ? idOf(demo.title) : Promise.resolve(undefined);
  };
  const banners = await addMissing(
    DEMO_PROMOTION_BANNERS,
    async (banner) => {
      const promotionId = await promotionOfArt(banner.art);
      if (!promotionId) return true;
      const held = await db
        .selectFrom('banners')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('link_type', '=', 'PROMOTION')
        .where('link_target', '=', promotionId)
        .executeTakeFirst();
      return held !== undefined;
    },
    async (banner) => {
      const promotionId = await promotionOfArt(banner.art);
      const tagalog = `/media/banner-home-${banner.art}-ty.svg`;
      const row: BannerContent = {
        groupName: 'w_home',
        title: banner.title,
        imageUrl: tagalog,
        languageImageUrls: { TY: tagalog, EN: `/media/banner-home-${banner.art}-en.svg` },
        linkType: 'PROMOTION',
        linkTarget: promotionId ?? null,
        sortOrder: 0,
      };
      await content.createBanner(merchantId, row);
    },
  );

  const announcements = await addMissing(
    DEMO_PROMOTION_ANNOUNCEMENTS,
    async (announcement) => {
      const held = await db
        .selectFrom('announcements')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where(sql<string>`title ->> 'EN'`, '=', announcement.title.EN ?? '')
        .executeTakeFirst();
      return held !== undefined;
    },
    async (announcement) => {
      await content.createAnnouncement(merchantId, {
        ...announcement,
        startsAt: new Date(now().getTime() - DAY_MS),
      });
    },
  );

  return { promotions, banners, announcements };
}
