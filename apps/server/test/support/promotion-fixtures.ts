import { sql } from 'kysely';
import sharp from 'sharp';
import type { MemberType } from '../../src/db/schema.ts';
import { type AccountsClient, createAccountsClient, type Envelope } from './accounts-client.ts';
import { type BackOfficeClient, createBackOfficeClient, insertOperatorWithSession } from './bo-client.ts';
import type { TestApp } from './test-app.ts';

/** Bonus terms as an operator writes them: five times the bonus, our games and slots in full. */
export const TERMS = {
  multiplier: 5,
  includeDeposit: false,
  contributions: { INHOUSE: 10_000, RNG: 10_000, LIVE: 1000 },
  maxStake: '50.00',
  expiryDays: 7,
  maxConversion: '5000.00',
};

/** A promotion's body for POST /bo/promotions: a newbie bonus unless overridden. */
export function promotionBody(
  startsAt: Date,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    type: 'NEWBIE',
    kind: 'newbie_bonus',
    title: { EN: 'Welcome gift', TY: 'Regalo sa pagsali' },
    content: { EN: '<p>Claim it now</p>', TY: '<p>Kunin na ngayon</p>' },
    coverImageUrls: { EN: '/media/cover-en.png', TY: '/media/cover-ty.png' },
    detailImageUrls: { EN: '/media/detail-en.png' },
    startsAt: startsAt.toISOString(),
    endsAt: null,
    rules: { amount: '88.00', registeredWithinDays: 7 },
    bonusTerms: TERMS,
    ...overrides,
  };
}

/** An operator of the merchant with a session, by role. */
export async function operatorOf(
  testApp: TestApp,
  input: { username: string; merchantId: string; roleId: string; nowMs: number },
): Promise<BackOfficeClient> {
  const { token } = await insertOperatorWithSession(testApp.database.db, input);
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  return client;
}

/** Builds a promotion through the back office and publishes it; answers its id. */
export async function publishPromotion(bo: BackOfficeClient, body: Record<string, unknown>): Promise<string> {
  const created = await bo.call('POST', '/bo/promotions', body);
  if (!created.body.success) throw new Error(`promotion not created: ${JSON.stringify(created.body)}`);
  const id = created.body.value.id as string;
  const published = await bo.call('POST', `/bo/promotions/${id}/publish`);
  if (!published.body.success) throw new Error(`promotion not published: ${JSON.stringify(published.body)}`);
  return id;
}

let memberCount = 0;

/** A member of the merchant registered at a given moment, with a session. */
export async function memberAt(
  testApp: TestApp,
  merchantId: string,
  registeredAt: Date,
  type: MemberType = 0,
): Promise<{ id: string; client: AccountsClient }> {
  memberCount += 1;
  const created = await testApp.app.members.createMember({
    merchantId,
    account: `promo${memberCount}x${Math.floor(Math.random() * 1e6)}`,
    password: 'Promo12345',
    type,
  });
  await sql`update members set created_at = ${registeredAt} where id = ${created.id}`.execute(
    testApp.database.db,
  );
  const member = await testApp.app.members.findById(created.id);
  if (!member) throw new Error('no member');
  const started = await testApp.app.members.startSession({
    member,
    policy: { idleMinutes: 600, absoluteMinutes: 6000 },
    method: 'username',
    agentPage: false,
    passwordChangeRequired: false,
    ip: '203.0.113.9',
    country: null,
    userAgent: null,
  });
  const client = createAccountsClient(testApp.app);
  client.token = started.token;
  return { id: created.id, client };
}

/** A GET in a language of one's choosing (the accounts client always asks in English). */
export async function getIn(
  testApp: TestApp,
  url: string,
  language: 'TY' | 'EN',
  token: string | null = null,
): Promise<Envelope> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${url}${url.includes('?') ? '&' : '?'}language=${language}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return response.json() as Envelope;
}

/** A small real image of a type, with extra bytes after it when asked. */
export async function imageOf(format: 'png' | 'jpeg' | 'webp', size = 16): Promise<Buffer> {
  const image = sharp({ create: { width: size, height: size, channels: 3, background: '#33aa55' } });
  return format === 'png'
    ? image.png().toBuffer()
    : format === 'jpeg'
      ? image.jpeg().toBuffer()
      : image.webp().toBuffer();
}

/** POSTs one file as a browser's multipart form does, after the form's text fields. */
export async function uploadFile(
  testApp: TestApp,
  url: string,
  token: string,
  file: { name: string; type: string; data: Buffer },
  fields: Record<string, string> = {},
): Promise<{ status: number; body: Envelope }> {
  const boundary = `----panalo${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `${url}${url.includes('?') ? '&' : '?'}language=EN`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: response.statusCode, body: response.json() as Envelope };
}
