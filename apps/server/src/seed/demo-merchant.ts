import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, LocalizedText } from '../db/schema.ts';
import {
  type AnnouncementInput,
  type BannerContent,
  type BannerGroup,
  createContentService,
  type LinkType,
} from '../modules/content/content.service.ts';
import { OWN_CHAT_PATH } from '../modules/content/content-inputs.ts';
import {
  type MerchantSettings,
  parseMerchantSettings,
  type RegisterRule,
  WHITELABEL_SWITCHES,
  type WhitelabelSwitch,
} from '../modules/merchant/merchant-settings.ts';
import { PATTERN_KINDS } from '../modules/merchant/register-patterns.ts';
import { DEMO_HELP_CENTER } from './demo-help-center.ts';

export const DEMO_MERCHANT_CODE = 'panalo';

// Every switch is on but these. SOCIALLOGIN is on with no provider until one is configured: a
// development start adds the identity sandbox. VIP is turned on by the VIP seed when it adds the
// levels (demo-vip.ts), REFERRAL by the referral seed when it adds the rules (demo-referral.ts).
// MANPLAYREB3 off keeps rebates automatic: the daily job pays each closed day, and members see
// what accrues meanwhile.
const SWITCHES_OFF: ReadonlySet<WhitelabelSwitch> = new Set<WhitelabelSwitch>([
  'MOBILENUMPASSREG3',
  'MANPLAYREB3',
  'FORCEPASSCHANGE',
  'VIP',
  'REFERRAL',
]);

function rule(
  field: string,
  patternId: keyof typeof PATTERN_KINDS,
  options: Partial<Omit<RegisterRule, 'field' | 'patternId' | 'acceptedPattern'>>,
): RegisterRule {
  return {
    field,
    enabled: true,
    required: true,
    acceptedPattern: PATTERN_KINDS[patternId].pattern,
    patternId,
    minLength: 0,
    maxLength: 255,
    type: 'text',
    ...options,
  };
}

/** Registration fields of spec §3 with the demo's bounds; fields a merchant does not ask for are off. */
export const DEMO_REGISTER_RULES: RegisterRule[] = [
  rule('username', 2, { minLength: 6, maxLength: 16 }),
  rule('password', 10, { minLength: 6, maxLength: 20, type: 'password' }),
  rule('confirmPassword', 10, { minLength: 6, maxLength: 20, type: 'password' }),
  rule('mobileNum', 7, { required: false, minLength: 10, maxLength: 11, type: 'tel' }),
  rule('verificationCode', 7, { minLength: 4, maxLength: 6, type: 'code' }),
  rule('email', 4, { required: false, minLength: 5, maxLength: 100, type: 'email' }),
  rule('payeeName', 13, { required: false, minLength: 2, maxLength: 50 }),
  rule('affiliateCode', 5, { required: false, minLength: 0, maxLength: 20 }),
  rule('paymentPassword', 7, {
    enabled: false,
    required: false,
    minLength: 6,
    maxLength: 6,
    type: 'password',
  }),
  rule('idNumber', 5, { enabled: false, required: false, minLength: 6, maxLength: 30 }),
  rule('whatsapp', 7, { enabled: false, required: false, minLength: 8, maxLength: 15, type: 'tel' }),
  rule('facebook', 10, { enabled: false, required: false, minLength: 3, maxLength: 100 }),
  rule('line', 10, { enabled: false, required: false, minLength: 3, maxLength: 50 }),
  rule('birthday', 12, { enabled: false, required: false, minLength: 10, maxLength: 10, type: 'date' }),
  // Asked for in the security centre rather than at registration (docs/security.md "Profile").
  rule('nickname', 1, { enabled: false, required: false, minLength: 2, maxLength: 20 }),
  rule('telegram', 10, { enabled: false, required: false, minLength: 3, maxLength: 50 }),
  rule('zalo', 10, { enabled: false, required: false, minLength: 3, maxLength: 50 }),
  rule('address', 1, { enabled: false, required: false, minLength: 5, maxLength: 200 }),
  rule('nationality', 13, { enabled: false, required: false, minLength: 2, maxLength: 50 }),
  rule('occupation', 1, { enabled: false, required: false, minLength: 2, maxLength: 80 }),
  rule('sourceOfIncome', 1, { enabled: false, required: false, minLength: 2, maxLength: 80 }),
];

export const DEMO_SETTINGS: MerchantSettings = parseMerchantSettings({
  whitelabel: WHITELABEL_SWITCHES.map((modId) => ({
    modId,
    enabled: !SWITCHES_OFF.has(modId),
    children: [],
  })),
  register: DEMO_REGISTER_RULES,
  mainDomain: 'localhost',
  analytics: { gtagId: null },
  imageCDNs: [],
  launchGameCDNs: [],
  // The Philippines' legal gambling age (PAGCOR) is 21, above the platform's default of 18.
  minimumAge: 21,
  session: { idleMinutes: 30, absoluteMinutes: 720 },
  regionRestriction: { enabled: false, blockedCountries: [], blockedCidrs: [], allowCidrs: [] },
  description: {
    TY: 'Ang Panalo ay para lamang sa 21 taong gulang pataas. Maglaro nang responsable: magtakda ng badyet, magpahinga, at huwag habulin ang talo. Lahat ng taya at panalo ay nasa piso (₱).',
    EN: 'Panalo is for players 21 and over. Play responsibly: set a budget, take breaks and never chase losses. All stakes and wins are in pesos (₱).',
  },
  siteName: 'Panalo',
  // Rebates (docs/loyalty.md): a share of valid bet per game type, paid as a bonus wagered once.
  rebate: {
    basis: 'validBet',
    rates: {
      LIVE: '0.50',
      RNG: '0.80',
      INHOUSE: '0.80',
      SPORTS: '0.30',
      FISH: '0.60',
      PVP: '0.40',
      LOTT: '0.20',
    },
    houseEdges: {},
    multiplier: 1,
    expiryDays: 7,
    claimIntervalMinutes: 60,
    minimumAmount: '1.00',
  },
});

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo's links and badges: kind, English and Tagalog label, address, icon. Only what the demo
 * itself serves: no native app (no APP_ANDROID or APP_IOS: the site installs as the lite app), and
 * the demo owns no social or Telegram accounts (no SOCIAL or TELEGRAM). Its one customer-service
 * entry is our own live chat (DEMO_LIVE_CHAT).
 */
/**
 * The demo's customer service: our own live chat (docs/chat.md), answered at the back office's
 * Live chat desk by the demo's support operator. The site shows it as the floating chat button and
 * in the header's list; the demo has no Telegram or other channel of its own to offer.
 */
const DEMO_LIVE_CHAT = {
  csType: 'LIVECHAT',
  title: { EN: 'Live chat', TY: 'Live na chat' },
  path: OWN_CHAT_PATH,
  sortOrder: 0,
} as const;

const DEMO_RESOURCES: [string, string, string, string, string | null][] = [
  [
    'LICENSE',
    'Responsible Gaming 21+',
    'Responsableng Paglalaro 21+',
    '/media/licence-responsible-gaming.svg',
    null,
  ],
  ['LICENSE', 'Provably Fair Games', 'Patas na Laro', '/media/licence-fair-play.svg', null],
  ['HELP', 'User Agreement', 'Kasunduan ng User', '/help#term', null],
  ['HELP', 'Privacy Policy', 'Patakaran sa Privacy', '/help#privacy', null],
  ['HELP', 'Responsible Gaming', 'Responsableng Paglalaro', '/help#responsible', null],
  ['HELP', 'About Us', 'Tungkol sa Amin', '/help#about', null],
  ['HELP', 'FAQ', 'Mga Madalas Itanong', '/help#faq', null],
  ['LOGO', 'Panalo', 'Panalo', '/media/logo-panalo.svg', null],
];

/** A banner whose art is drawn once in each of the demo's languages: the Tagalog art is the default. */
function demoBanner(
  groupName: BannerGroup,
  art: string,
  title: LocalizedText,
  link: { linkType: LinkType; linkTarget: string | null },
): Omit<BannerContent, 'sortOrder'> {
  const tagalog = `/media/banner-${art}-ty.svg`;
  return {
    groupName,
    title,
    imageUrl: tagalog,
    languageImageUrls: { TY: tagalog, EN: `/media/banner-${art}-en.svg` },
    ...link,
  };
}

const NO_LINK = { linkType: 'NONE', linkTarget: null } as const;

/**
 * The demo's banners. Each names a feature that works today: our own provably-fair games, the
 * Dagat 4D and 3D draws, the live tables and the responsible-gaming limits.
 */
export const DEMO_BANNERS: readonly Omit<BannerContent, 'sortOrder'>[] = [
  demoBanner(
    'w_home',
    'home-house-games',
    { TY: 'Sariling laro ng Panalo, patas at masusuri', EN: "Panalo's own games, provably fair" },
    { linkType: 'ROUTE', linkTarget: '/inHouse' },
  ),
  demoBanner(
    'w_home',
    'home-lotto',
    { TY: 'Dagat Lotto: bola ng 4D at 3D', EN: 'Dagat Lotto: 4D and 3D draws' },
    { linkType: 'ROUTE', linkTarget: '/seaLottery?gameCode=dagat-4d' },
  ),
  demoBanner(
    'w_home',
    'home-live',
    { TY: 'Live casino na may live na dealer', EN: 'Live casino with real dealers' },
    { linkType: 'ROUTE', linkTarget: '/live' },
  ),
  demoBanner(
    'w_home',
    'home-limits',
    {
      TY: 'Magtakda ng limitasyon sa deposito, talo at oras',
      EN: 'Set deposit, loss and time limits',
    },
    { linkType: 'ROUTE', linkTarget: '/member?page=responsibleGaming' },
  ),
  demoBanner('w_login', 'login', { TY: 'Balik ka, kaibigan!', EN: 'Welcome back, friend!' }, NO_LINK),
  demoBanner('w_register', 'register', { TY: 'Magrehistro, manalo', EN: 'Sign up and play' }, NO_LINK),
  demoBanner(
    'w_license',
    'license',
    { TY: 'Lisensya at Pananagutan', EN: 'Licensing and Responsibility' },
    NO_LINK,
  ),
  demoBanner(
    'w_leftmenu',
    'leftmenu',
    { TY: 'Subukan nang libre ang aming mga laro', EN: 'Try our own games for free' },
    { linkType: 'ROUTE', linkTarget: '/inHouse' },
  ),
];

/** The demo's announcements, each shown from a day before the seed ran. */
const DEMO_ANNOUNCEMENTS: Omit<AnnouncementInput, 'startsAt'>[] = [
  {
    type: 'PU',
    execution: 'B',
    promotionType: null,
    title: { TY: 'Maligayang pagdating sa Panalo!', EN: 'Welcome to Panalo!' },
    content: {
      TY: '<p>Magrehistro nang libre, at subukan muna ang demo ng aming sariling mga laro: bawat round ay puwedeng suriin.</p><p>21+ lamang.</p>',
      EN: '<p>Sign up for free, and try our own games in demo mode first: every round can be checked.</p><p>21+ only.</p>',
    },
  },
  {
    type: 'PU',
    execution: 'F',
    promotionType: null,
    title: { TY: 'Salamat sa pagsali!', EN: 'Thanks for joining!' },
    content: {
      TY: '<p>Gawin ang unang deposito mula sa member centre. Puwede ka ring magtakda muna ng limitasyon sa deposito.</p>',
      EN: '<p>Make your first deposit from the member center. You can set a deposit limit first if you like.</p>',
    },
  },
  {
    type: 'PU',
    execution: 'A',
    promotionType: null,
    title: { TY: 'Patas na laro: suriin ang bawat round', EN: 'Fair play: check every round' },
    content: {
      TY: '<p>Sa aming sariling mga laro, tingnan ang bawat round sa panel ng Fairness.</p>',
      EN: '<p>In our own games, check every round in the Fairness panel.</p>',
    },
  },
  {
    type: 'B',
    sortOrder: 0,
    title: {
      TY: 'Mag-ingat sa scam: hindi kami humihingi ng password',
      EN: 'Beware of scams: we never ask for your password',
    },
    content: {
      TY: '<p>Hindi kailanman hihingin ng Panalo ang iyong password o SMS code. Iulat ang kahina-hinalang mensahe sa customer service.</p>',
      EN: '<p>Panalo will never ask for your password or SMS code. Report suspicious messages to customer service.</p>',
    },
  },
  {
    type: 'B',
    sortOrder: 1,
    title: { TY: 'Maglaro nang responsable, 21+ lamang', EN: 'Play responsibly, 21+ only' },
    content: {
      TY: '<p>Magtakda ng limitasyon at magpahinga. Basahin ang <a href="/help#responsible">Responsableng Paglalaro</a>.</p>',
      EN: '<p>Set limits and take breaks. Read <a href="/help#responsible">Responsible Gaming</a>.</p>',
    },
  },
  {
    type: 'PL',
    title: { TY: 'Bagong bersyon ng site', EN: 'A new version of the site' },
    content: {
      TY: '<p>Mas mabilis na ang lobby, may dark at light na tema, at puwede nang i-verify ang bawat round ng aming sariling mga laro.</p>',
      EN: '<p>The lobby is faster, there are dark and light themes, and every round of our own games can now be verified.</p>',
    },
  },
  {
    type: 'H',
    title: {
      TY: 'Iskedyul ng withdrawal sa mga pista opisyal',
      EN: 'Withdrawal schedule on public holidays',
    },
    content: {
      TY: '<p>Sa mga pista opisyal, maaaring umabot ng hanggang 24 oras ang pagproseso ng withdrawal.</p>',
      EN: '<p>On public holidays, withdrawals may take up to 24 hours to process.</p>',
    },
  },
];

/**
 * Creates the demo merchant with its domains, switches, rules and content. Idempotent: it does
 * nothing when a merchant with the demo code exists. Answers whether it created anything.
 */
export async function seedDemoMerchant(
  db: Kysely<Database>,
  now: Date = new Date(),
  options: { publicOrigin?: string } = {},
): Promise<boolean> {
  if (await findDemoMerchantId(db)) return false;

  try {
    return await insertDemoMerchant(db, now, demoDomainsOf(options.publicOrigin));
  } catch (error) {
    // Two processes starting together on one empty database: the other one seeded first.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The demo merchant's id, once `seedDemoMerchant` has made it. */
export async function findDemoMerchantId(db: Kysely<Database>): Promise<string | undefined> {
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', DEMO_MERCHANT_CODE)
    .executeTakeFirst();
  return merchant?.id;
}

/** Adds the demo items that `exists` does not find; answers how many it added. */
export async function addMissing<Item>(
  items: readonly Item[],
  exists: (item: Item) => Promise<boolean>,
  add: (item: Item) => Promise<void>,
): Promise<number> {
  let added = 0;
  for (const item of items) {
    if (await exists(item)) continue;
    await add(item);
    added += 1;
  }
  return added;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/**
 * The hosts the demo merchant answers on: localhost and 127.0.0.1 (how a laptop and the tests reach
 * it; app.inject() names localhost) and PUBLIC_ORIGIN's host when it is another. None has a scheme,
 * so the demo's links name PUBLIC_ORIGIN, whatever port the server runs on.
 */
function demoDomainsOf(publicOrigin: string | undefined): string[] {
  const domains = ['localhost', '127.0.0.1'];
  const publicHost = publicOrigin ? new URL(publicOrigin).hostname : null;
  if (publicHost && !domains.includes(publicHost)) domains.push(publicHost);
  return domains;
}

async function insertDemoMerchant(db: Kysely<Database>, now: Date, domains: string[]): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    const merchantId = uuidv7();
    const hasDefault = await transaction
      .selectFrom('merchants')
      .select('id')
      .where('is_default', '=', true)
      .executeTakeFirst();
    await transaction
      .insertInto('merchants')
      .values({
        id: merchantId,
        code: DEMO_MERCHANT_CODE,
        name: 'Panalo',
        currency: 'PHP',
        currency_symbol: '₱',
        time_zone: 'Asia/Manila',
        default_language: 'TY',
        languages: ['TY', 'EN'],
        maintenance_title: 'Maintenance / Pagpapanatili',
        maintenance_message:
          'Pansamantalang sarado ang Panalo para sa maintenance. Babalik kami agad. / Panalo is closed for maintenance and will be back shortly.',
        settings: JSON.stringify(DEMO_SETTINGS),
        is_default: !hasDefault,
      })
      .execute();
    await transaction
      .insertInto('merchant_domains')
      .values(
        domains.map((domain, index) => ({
          id: uuidv7(),
          merchant_id: merchantId,
          domain,
          route: 'PLAYER',
          is_main: index === 0,
        })),
      )
      .execute();

    const content = createContentService(transaction);
    await seedResources(content, merchantId);
    await content.createCustomerService(merchantId, DEMO_LIVE_CHAT);
    await seedBanners(content, merchantId);
    await seedAnnouncements(content, merchantId, now);
    for (const [index, category] of DEMO_HELP_CENTER.entries()) {
      await content.createHelpCategory(merchantId, { ...category, sortOrder: index });
    }
    return true;
  });

  async function seedResources(content: ReturnType<typeof createContentService>, merchantId: string) {
    for (const [index, [resourceType, english, tagalog, url, icon]] of DEMO_RESOURCES.entries()) {
      const label = { EN: english, TY: tagalog };
      await content.createResource(merchantId, { resourceType, label, url, icon, sortOrder: index });
    }
  }

  async function seedBanners(content: ReturnType<typeof createContentService>, merchantId: string) {
    for (const [index, banner] of DEMO_BANNERS.entries()) {
      await content.createBanner(merchantId, { ...banner, sortOrder: index });
    }
  }

  async function seedAnnouncements(
    content: ReturnType<typeof createContentService>,
    merchantId: string,
    start: Date,
  ) {
    const startsAt = new Date(start.getTime() - DAY_MS);
    for (const announcement of DEMO_ANNOUNCEMENTS) {
      await content.createAnnouncement(merchantId, { ...announcement, startsAt });
    }
  }
}
