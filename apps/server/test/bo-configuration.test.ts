import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from './support/accounts-client.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { auditCount as auditCountIn, expectOneAuditRow as expectOneAuditRowIn } from './support/audit-log.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
const nowMs = Date.now();
let demoId: string;
let otherId: string;
let admin: BackOfficeClient;
let contentEditor: BackOfficeClient;

const auditCount = () => auditCountIn(testApp.database.db);
const expectOneAuditRow = (change: () => Promise<{ body: Envelope }>) =>
  expectOneAuditRowIn(testApp.database.db, change);

async function config(): Promise<Envelope['value']> {
  const reply = await admin.call('GET', `/bo/merchants/${demoId}/config`);
  expect(reply.body.success).toBe(true);
  return reply.body.value;
}

beforeAll(async () => {
  testApp = await createSeededApp();
  const { db } = testApp.database;
  demoId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  otherId = await insertOtherMerchant(db, 'other');
  const adminSession = await insertOperatorWithSession(db, {
    username: 'cfg-admin',
    merchantId: demoId,
    roleId: 'admin',
    nowMs,
  });
  const contentSession = await insertOperatorWithSession(db, {
    username: 'cfg-content',
    merchantId: demoId,
    roleId: 'content',
    nowMs,
  });
  admin = createBackOfficeClient(testApp.app);
  admin.token = adminSession.token;
  contentEditor = createBackOfficeClient(testApp.app);
  contentEditor.token = contentSession.token;
});

afterAll(async () => {
  await testApp.close();
});

describe('merchant configuration', () => {
  it("lists only the operator's own merchant and refuses another merchant's configuration", async () => {
    const list = await admin.call('GET', '/bo/merchants');
    expect(list.body.value.list.map((merchant: { id: string }) => merchant.id)).toEqual([demoId]);
    const other = await admin.call('GET', `/bo/merchants/${otherId}/config`);
    expect(other.body.code).toBe('NOT_FOUND');
  });

  it('a content editor may read the configuration but not change it', async () => {
    expect((await contentEditor.call('GET', `/bo/merchants/${demoId}/config`)).body.success).toBe(true);
    const current = await config();
    const refused = await contentEditor.call('PUT', `/bo/merchants/${demoId}/whitelabel`, {
      whitelabel: current.whitelabel,
    });
    expect(refused.body.code).toBe('FORBIDDEN');
  });

  it('turning a whitelabel switch off reaches the permission response at once, with one audit row', async () => {
    const player = createAccountsClient(testApp.app);
    const before = await player.call('GET', '/wps/system/permission');
    const tree = before.body.value.info.whitelabel as {
      modId: string;
      enabled: boolean;
      children: unknown[];
    }[];
    const freePlay = tree.find((node) => node.modId === 'FREEPLAY');
    expect(freePlay?.enabled).toBe(true);
    const changed = tree.map((node) => (node.modId === 'FREEPLAY' ? { ...node, enabled: false } : node));
    const { row } = await expectOneAuditRow(() =>
      admin.call('PUT', `/bo/merchants/${demoId}/whitelabel`, { whitelabel: changed }),
    );
    expect(row.action).toBe('settings.whitelabel');
    expect(JSON.stringify(row.before)).toContain('"modId":"FREEPLAY","enabled":true');
    expect(JSON.stringify(row.after)).toContain('"modId":"FREEPLAY","enabled":false');
    const after = await player.call('GET', '/wps/system/permission');
    expect(
      after.body.value.info.whitelabel.find((node: { modId: string }) => node.modId === 'FREEPLAY').enabled,
    ).toBe(false);
    await admin.call('PUT', `/bo/merchants/${demoId}/whitelabel`, { whitelabel: tree });
  });

  it('register rules are checked: a pattern that does not compile and min above max are refused, nothing stored', async () => {
    const current = await config();
    const rules = current.register as {
      field: string;
      acceptedPattern: string;
      minLength: number;
      maxLength: number;
    }[];
    const before = await auditCount();
    const broken = rules.map((rule, index) => (index === 0 ? { ...rule, acceptedPattern: '([a-z' } : rule));
    const refused = await admin.call('PUT', `/bo/merchants/${demoId}/register`, { rules: broken });
    expect(refused.body.code).toBe('VALIDATION');
    expect(refused.body.value.fields['rules.0.acceptedPattern']).toBeDefined();
    const inverted = rules.map((rule, index) =>
      index === 0 ? { ...rule, minLength: 20, maxLength: 4 } : rule,
    );
    expect((await admin.call('PUT', `/bo/merchants/${demoId}/register`, { rules: inverted })).body.code).toBe(
      'VALIDATION',
    );
    const unknownType = rules.map((rule, index) => (index === 0 ? { ...rule, type: 'html' } : rule));
    expect(
      (await admin.call('PUT', `/bo/merchants/${demoId}/register`, { rules: unknownType })).body.code,
    ).toBe('VALIDATION');
    expect(await auditCount()).toBe(before);
  });

  it('a register rule change is what registration then enforces', async () => {
    const current = await config();
    const rules = current.register as { field: string; minLength: number; maxLength: number }[];
    const username = rules.find((rule) => rule.field === 'username');
    expect(username).toBeDefined();
    const stricter = rules.map((rule) =>
      rule.field === 'username' ? { ...rule, minLength: 10, maxLength: 12 } : rule,
    );
    await expectOneAuditRow(() => admin.call('PUT', `/bo/merchants/${demoId}/register`, { rules: stricter }));
    const player = createAccountsClient(testApp.app);
    const permission = await player.call('GET', '/wps/system/permission');
    const served = permission.body.value.info.register.find(
      (rule: { field: string }) => rule.field === 'username',
    );
    expect(served).toMatchObject({ minLength: 10, maxLength: 12 });
    await admin.call('PUT', `/bo/merchants/${demoId}/register`, { rules });
  });

  it('a social login client secret is write-only: stored, never answered, kept when omitted', async () => {
    const providers = [
      {
        provider: 'google',
        enabled: true,
        issuer: 'https://accounts.example.test',
        clientId: 'client-1',
        clientSecret: 'super-secret-value',
      },
    ];
    const { reply, row } = await expectOneAuditRow(() =>
      admin.call('PUT', `/bo/merchants/${demoId}/social-login`, { providers }),
    );
    expect(JSON.stringify(reply.body)).not.toContain('super-secret-value');
    expect(JSON.stringify(row.before)).not.toContain('super-secret-value');
    expect(JSON.stringify(row.after)).not.toContain('super-secret-value');
    expect(reply.body.value.socialLogin[0]).toMatchObject({ provider: 'google', clientSecretSet: true });
    const { clientSecret: _secret, ...withoutSecret } = providers[0] ?? {};
    await admin.call('PUT', `/bo/merchants/${demoId}/social-login`, {
      providers: [{ ...withoutSecret, clientId: 'client-2' }],
    });
    const stored = await testApp.database.db
      .selectFrom('merchants')
      .select('settings')
      .where('id', '=', demoId)
      .executeTakeFirstOrThrow();
    const socialLogin = (stored.settings as { socialLogin: { clientId: string; clientSecret: string }[] })
      .socialLogin;
    expect(socialLogin[0]).toMatchObject({ clientId: 'client-2', clientSecret: 'super-secret-value' });
    expect(JSON.stringify(await config())).not.toContain('super-secret-value');
  });

  it('maintenance switched on shows on the status call; a scheduled window does too; off again', async () => {
    const player = createAccountsClient(testApp.app);
    const current = await config();
    const status = current.systemStatus;
    const on = {
      maintenance: {
        enabled: true,
        title: { TY: 'Upgrade' },
        message: { TY: 'Back soon' },
        startsAt: null,
        endsAt: null,
      },
      regionRestriction: status.regionRestriction,
    };
    const { row } = await expectOneAuditRow(() =>
      admin.call('PUT', `/bo/merchants/${demoId}/system-status`, on),
    );
    expect(row.action).toBe('settings.systemStatus');
    expect((await player.call('GET', '/wps/system/status')).body.value).toMatchObject({
      status: 1,
      title: 'Upgrade',
      message: 'Back soon',
    });
    const scheduled = {
      ...on,
      maintenance: {
        ...on.maintenance,
        enabled: false,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 60_000).toISOString(),
      },
    };
    await admin.call('PUT', `/bo/merchants/${demoId}/system-status`, scheduled);
    expect((await player.call('GET', '/wps/system/status')).body.value.status).toBe(1);
    const past = {
      ...scheduled,
      maintenance: {
        ...scheduled.maintenance,
        endsAt: new Date(Date.now() - 1_000).toISOString(),
        startsAt: null,
      },
    };
    await admin.call('PUT', `/bo/merchants/${demoId}/system-status`, past);
    expect((await player.call('GET', '/wps/system/status')).body.value.status).toBe(0);
    const inverted = {
      ...on,
      maintenance: { ...on.maintenance, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
    };
    expect((await admin.call('PUT', `/bo/merchants/${demoId}/system-status`, inverted)).body.code).toBe(
      'VALIDATION',
    );
  });

  it('a maintenance notice is read in the visitor language, and a language left blank reads the default one', async () => {
    // Asked without the test client, which always asks in EN.
    const readIn = async (language: string, path = '/wps/system/status') =>
      (await testApp.app.inject({ method: 'GET', url: `${path}?language=${language}` })).json().value;
    const status = (await config()).systemStatus;
    const notice = {
      maintenance: {
        enabled: true,
        title: { TY: 'Pahinga sandali', EN: 'A short break' },
        message: { TY: 'Babalik kami ng 10:00', EN: '  ' },
        startsAt: null,
        endsAt: null,
      },
      regionRestriction: status.regionRestriction,
    };
    const saved = await admin.call('PUT', `/bo/merchants/${demoId}/system-status`, notice);
    // The default language's text is kept whole; a blank translation is dropped, not stored.
    expect(saved.body.value.systemStatus.maintenance).toMatchObject({
      title: { TY: 'Pahinga sandali', EN: 'A short break' },
      message: { TY: 'Babalik kami ng 10:00' },
    });
    expect(saved.body.value.systemStatus.maintenance.message).not.toHaveProperty('EN');

    expect(await readIn('EN')).toMatchObject({
      status: 1,
      title: 'A short break',
      message: 'Babalik kami ng 10:00',
    });
    expect(await readIn('TY')).toMatchObject({ title: 'Pahinga sandali', message: 'Babalik kami ng 10:00' });
    expect((await readIn('EN', '/wps/system/permission')).info.maintenance).toEqual({
      enabled: true,
      title: 'A short break',
      message: 'Babalik kami ng 10:00',
    });

    await admin.call('PUT', `/bo/merchants/${demoId}/system-status`, {
      maintenance: { ...notice.maintenance, enabled: false, title: {}, message: {} },
      regionRestriction: status.regionRestriction,
    });
    const cleared = await testApp.database.db
      .selectFrom('merchants')
      .select(['status', 'maintenance_title', 'maintenance_language_titles'])
      .where('id', '=', demoId)
      .executeTakeFirstOrThrow();
    expect(cleared).toEqual({ status: 0, maintenance_title: null, maintenance_language_titles: {} });
  });

  it('region restriction blocks a listed range and lets the allow list in; bad ranges are refused', async () => {
    const current = await config();
    const off = current.systemStatus;
    const restricted = {
      maintenance: off.maintenance,
      regionRestriction: {
        enabled: true,
        blockedCountries: [],
        blockedCidrs: ['198.51.100.0/24'],
        allowCidrs: ['198.51.100.7/32'],
      },
    };
    await expectOneAuditRow(() => admin.call('PUT', `/bo/merchants/${demoId}/system-status`, restricted));
    expect(
      (await createAccountsClient(testApp.app, '198.51.100.9').call('GET', '/wps/system/status')).body.value
        .status,
    ).toBe(2);
    expect(
      (await createAccountsClient(testApp.app, '198.51.100.7').call('GET', '/wps/system/status')).body.value
        .status,
    ).toBe(0);
    const bad = {
      ...restricted,
      regionRestriction: { ...restricted.regionRestriction, blockedCidrs: ['not-a-range'] },
    };
    expect((await admin.call('PUT', `/bo/merchants/${demoId}/system-status`, bad)).body.code).toBe(
      'VALIDATION',
    );
    await admin.call('PUT', `/bo/merchants/${demoId}/system-status`, {
      maintenance: off.maintenance,
      regionRestriction: off.regionRestriction,
    });
  });

  it('bets and agents: overdue hours, downline balances and valid-bet rules are saved with their audit row and checked', async () => {
    const current = await config();
    expect(current.betsAndAgents).toEqual({
      vendorRounds: { overdueHours: 24 },
      agents: { showDownlineBalances: false },
      validBet: { hedgedBaccarat: 'net', pushes: 'exclude' },
    });
    const changed = {
      vendorRounds: { overdueHours: 48 },
      agents: { showDownlineBalances: true },
      validBet: { hedgedBaccarat: 'full', pushes: 'include' },
    };
    const { reply, row } = await expectOneAuditRowIn(testApp.database.db, () =>
      admin.call('PUT', `/bo/merchants/${demoId}/bets-and-agents`, changed),
    );
    expect(reply.body.value.betsAndAgents).toEqual(changed);
    expect(row).toMatchObject({
      action: 'settings.betsAndAgents',
      merchant_id: demoId,
      before: current.betsAndAgents,
      after: changed,
    });
    // What the rest of the server reads: the merchant's settings as resolved for its requests.
    const merchant = await testApp.app.merchantService.resolveByHost('localhost');
    expect(merchant?.settings).toMatchObject(changed);
    // Other sections are left as they were.
    expect((await config()).accountCreation).toEqual(current.accountCreation);

    for (const [bad, field] of [
      [{ ...changed, vendorRounds: { overdueHours: 0 } }, 'vendorRounds.overdueHours'],
      [{ ...changed, vendorRounds: { overdueHours: 721 } }, 'vendorRounds.overdueHours'],
      [{ ...changed, vendorRounds: { overdueHours: 2.5 } }, 'vendorRounds.overdueHours'],
      [{ ...changed, validBet: { hedgedBaccarat: 'half', pushes: 'include' } }, 'validBet.hedgedBaccarat'],
      [{ ...changed, validBet: { hedgedBaccarat: 'net', pushes: 'sometimes' } }, 'validBet.pushes'],
      [{ ...changed, agents: { showDownlineBalances: 'yes' } }, 'agents.showDownlineBalances'],
    ] as const) {
      const before = await auditCount();
      const refused = await admin.call('PUT', `/bo/merchants/${demoId}/bets-and-agents`, bad);
      expect(refused.body.code, field).toBe('VALIDATION');
      expect(Object.keys(refused.body.value.fields), field).toContain(field);
      expect(await auditCount()).toBe(before);
    }
    expect((await config()).betsAndAgents).toEqual(changed);

    const forbidden = await contentEditor.call('PUT', `/bo/merchants/${demoId}/bets-and-agents`, changed);
    expect(forbidden.body.code).toBe('FORBIDDEN');
    const other = await admin.call('PUT', `/bo/merchants/${otherId}/bets-and-agents`, changed);
    expect(other.body.code).toBe('NOT_FOUND');

    await admin.call('PUT', `/bo/merchants/${demoId}/bets-and-agents`, current.betsAndAgents);
    expect((await config()).betsAndAgents).toEqual(current.betsAndAgents);
  });

  it('promotions: the highest multiplier and the day budget are saved with their audit row, read by the server, and checked', async () => {
    const current = await config();
    expect(current.promotions).toEqual({ maxMultiplier: 10, budgetPerDay: null });
    const { reply, row } = await expectOneAuditRowIn(testApp.database.db, () =>
      admin.call('PUT', `/bo/merchants/${demoId}/promotions`, { maxMultiplier: 20, budgetPerDay: '50000' }),
    );
    // The budget is kept as the settings write amounts: two decimals.
    expect(reply.body.value.promotions).toEqual({ maxMultiplier: 20, budgetPerDay: '50000.00' });
    expect(row).toMatchObject({
      action: 'settings.promotions',
      merchant_id: demoId,
      before: current.promotions,
      after: { maxMultiplier: 20, budgetPerDay: '50000.00' },
    });
    const merchant = await testApp.app.merchantService.resolveByHost('localhost');
    expect(merchant?.settings.promotions).toEqual({ maxMultiplier: 20, budgetPerDay: '50000.00' });
    expect((await config()).betsAndAgents).toEqual(current.betsAndAgents);

    for (const [bad, field] of [
      [{ maxMultiplier: 0, budgetPerDay: null }, 'maxMultiplier'],
      [{ maxMultiplier: 51, budgetPerDay: null }, 'maxMultiplier'],
      [{ maxMultiplier: 2.5, budgetPerDay: null }, 'maxMultiplier'],
      [{ maxMultiplier: 10, budgetPerDay: '0' }, 'budgetPerDay'],
      [{ maxMultiplier: 10, budgetPerDay: '1.005' }, 'budgetPerDay'],
      [{ maxMultiplier: 10, budgetPerDay: 100 }, 'budgetPerDay'],
    ] as const) {
      const before = await auditCount();
      const refused = await admin.call('PUT', `/bo/merchants/${demoId}/promotions`, bad);
      expect(refused.body.code, field).toBe('VALIDATION');
      expect(Object.keys(refused.body.value.fields), field).toContain(field);
      expect(await auditCount()).toBe(before);
    }

    const unlimited = await admin.call('PUT', `/bo/merchants/${demoId}/promotions`, {
      maxMultiplier: 10,
      budgetPerDay: null,
    });
    expect(unlimited.body.value.promotions).toEqual({ maxMultiplier: 10, budgetPerDay: null });
    const forbidden = await contentEditor.call(
      'PUT',
      `/bo/merchants/${demoId}/promotions`,
      current.promotions,
    );
    expect(forbidden.body.code).toBe('FORBIDDEN');
    const other = await admin.call('PUT', `/bo/merchants/${otherId}/promotions`, current.promotions);
    expect(other.body.code).toBe('NOT_FOUND');
  });

  it('loyalty: the vip, rebate and points sections are saved whole with their audit row, and what the schema cannot say is checked', async () => {
    const current = await config();
    expect(current.rebate).toMatchObject({ basis: 'validBet', multiplier: 1, claimIntervalMinutes: 60 });
    const rebate = {
      ...current.rebate,
      basis: 'theoreticalLoss',
      rates: { LIVE: '0.80', RNG: '1.00' },
      houseEdges: { LIVE: '1.20' },
    };
    const { reply, row } = await expectOneAuditRowIn(testApp.database.db, () =>
      admin.call('PUT', `/bo/merchants/${demoId}/rebate`, rebate),
    );
    expect(reply.body.value.rebate).toEqual(rebate);
    expect(row).toMatchObject({ action: 'settings.rebate', before: current.rebate, after: rebate });
    const merchant = await testApp.app.merchantService.resolveByHost('localhost');
    expect(merchant?.settings.rebate).toEqual(rebate);

    const points = {
      ...current.points,
      earn: { slots: { per: '100.00', points: 1 }, live: { per: '200.00', points: 1 } },
      deposit: { per: '100.00', points: 2 },
      exchange: [
        { from: 100, amount: '1.00' },
        { from: 10000, amount: '1.20' },
      ],
    };
    const saved = await admin.call('PUT', `/bo/merchants/${demoId}/points`, points);
    expect(saved.body.value.points).toEqual(points);
    const vip = { windowDays: 30, reviewDay: 2, giftMultiplier: 3, giftExpiryDays: 14 };
    expect((await admin.call('PUT', `/bo/merchants/${demoId}/vip`, vip)).body.value.vip).toEqual(vip);

    for (const [section, bad, field] of [
      ['rebate', { ...rebate, rates: { NOPE: '0.50' } }, 'rates.NOPE'],
      ['rebate', { ...rebate, rates: { LIVE: '9.00' } }, 'rates.LIVE'],
      ['rebate', { ...rebate, houseEdges: { LIVE: '60.00' } }, 'houseEdges.LIVE'],
      ['rebate', { ...rebate, minimumAmount: '0.00' }, 'minimumAmount'],
      ['points', { ...points, earn: { slots: { per: '0.00', points: 1 } } }, 'earn.slots.per'],
      ['points', { ...points, earn: { casino: { per: '1.00', points: 1 } } }, 'earn'],
      [
        'points',
        {
          ...points,
          exchange: [
            { from: 500, amount: '1.00' },
            { from: 100, amount: '2.00' },
          ],
        },
        'exchange.1.from',
      ],
      ['points', { ...points, convertMultiplier: 0 }, 'convertMultiplier'],
      ['vip', { ...vip, reviewDay: 29 }, 'reviewDay'],
    ] as const) {
      const before = await auditCount();
      const refused = await admin.call('PUT', `/bo/merchants/${demoId}/${section}`, bad);
      expect(refused.body.code, field).toBe('VALIDATION');
      expect(Object.keys(refused.body.value.fields).join(' '), field).toContain(field);
      expect(await auditCount()).toBe(before);
    }
    expect((await contentEditor.call('PUT', `/bo/merchants/${demoId}/rebate`, rebate)).body.code).toBe(
      'FORBIDDEN',
    );
    expect((await admin.call('PUT', `/bo/merchants/${otherId}/rebate`, rebate)).body.code).toBe('NOT_FOUND');
    for (const section of ['vip', 'rebate', 'points'] as const) {
      await admin.call('PUT', `/bo/merchants/${demoId}/${section}`, current[section]);
    }
  });

  it('general settings and domains are stored with one audit row each and checked', async () => {
    const current = await config();
    const general = {
      ...current.general,
      minimumAge: 25,
      session: { idleMinutes: 15, absoluteMinutes: 600 },
    };
    const { reply } = await expectOneAuditRow(() =>
      admin.call('PUT', `/bo/merchants/${demoId}/general`, general),
    );
    expect(reply.body.value.general).toMatchObject({ minimumAge: 25, session: { idleMinutes: 15 } });
    const player = createAccountsClient(testApp.app);
    expect((await player.call('GET', '/wps/system/permission')).body.value.info.minimumAge).toBe(25);
    // The minimum age lies between 18 and 25, both allowed.
    for (const minimumAge of [17, 26]) {
      const before = await auditCount();
      const refused = await admin.call('PUT', `/bo/merchants/${demoId}/general`, { ...general, minimumAge });
      expect(refused.body.code, String(minimumAge)).toBe('VALIDATION');
      expect(Object.keys(refused.body.value.fields).join(' ')).toContain('minimumAge');
      expect(await auditCount()).toBe(before);
    }
    const lowest = await admin.call('PUT', `/bo/merchants/${demoId}/general`, { ...general, minimumAge: 18 });
    expect(lowest.body.value.general.minimumAge).toBe(18);
    const badZone = await admin.call('PUT', `/bo/merchants/${demoId}/general`, {
      ...general,
      timeZone: 'Mars/Olympus',
    });
    expect(badZone.body.value.fields.timeZone).toBeDefined();
    await admin.call('PUT', `/bo/merchants/${demoId}/general`, current.general);

    const domains = [...current.domains, { domain: 'mirror.example.test', route: 'PLAYER', isMain: false }];
    await expectOneAuditRow(() => admin.call('PUT', `/bo/merchants/${demoId}/domains`, { domains }));
    const mirrored = await testApp.app.inject({
      method: 'GET',
      url: '/wps/system/permission',
      headers: { host: 'mirror.example.test' },
    });
    expect(mirrored.json().value.info.merchantCode).toBe('panalo');
    const twoMains = [
      { domain: 'a.example.test', route: 'PLAYER', isMain: true },
      { domain: 'b.example.test', route: 'PLAYER', isMain: true },
    ];
    expect(
      (await admin.call('PUT', `/bo/merchants/${demoId}/domains`, { domains: twoMains })).body.code,
    ).toBe('VALIDATION');
    await admin.call('PUT', `/bo/merchants/${demoId}/domains`, { domains: current.domains });
  });
});
