import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../src/modules/operator/permissions.ts';
import type { Envelope } from './support/accounts-client.ts';
import { auditCount as auditCountIn, expectOneAuditRow as expectOneAuditRowIn } from './support/audit-log.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
  signInOperator,
} from './support/bo-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let nowMs = Date.parse('2026-11-23T10:00:00Z');
let merchantA: string;
let merchantB: string;
/** The demo platform owner, signed in for real. */
let owner: BackOfficeClient;
/** An admin of merchant A and an owner of merchant B, by session token. */
let adminOfA: BackOfficeClient;
let ownerOfB: BackOfficeClient;

function clientWith(token: string, ip: string): BackOfficeClient {
  const client = createBackOfficeClient(testApp.app, ip);
  client.token = token;
  return client;
}

const auditCount = () => auditCountIn(testApp.database.db);
const expectOneAuditRow = (change: () => Promise<{ body: Envelope }>) =>
  expectOneAuditRowIn(testApp.database.db, change);

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantA = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  merchantB = await insertOtherMerchant(db, 'other');
  owner = createBackOfficeClient(testApp.app, '192.0.2.1');
  await signInOperator(owner, { username: 'admin', password: 'Admin1234', nowMs });
  const admin = await insertOperatorWithSession(db, {
    username: 'admin_a',
    merchantId: merchantA,
    roleId: 'admin',
    nowMs,
  });
  adminOfA = clientWith(admin.token, '192.0.2.2');
  const ownerB = await insertOperatorWithSession(db, {
    username: 'owner_b',
    merchantId: merchantB,
    roleId: 'owner',
    nowMs,
  });
  ownerOfB = clientWith(ownerB.token, '192.0.2.3');
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(() => {
  nowMs += 60_000;
});

describe('staff changes', () => {
  it('each write exactly one audit row with who, what, before, after and from where', async () => {
    const created = await expectOneAuditRow(() =>
      owner.call('POST', '/bo/staff', {
        merchantId: merchantA,
        username: 'Support.One',
        displayName: 'Support One',
        roleId: 'support',
      }),
    );
    const operator = created.reply.body.value.operator;
    expect(operator).toMatchObject({
      username: 'Support.One',
      merchantId: merchantA,
      roleId: 'support',
      roleName: 'Support',
      status: 'active',
      totpEnabled: false,
      mustChangePassword: true,
    });
    expect(created.row).toMatchObject({
      actor_name: 'admin',
      merchant_id: merchantA,
      action: 'staff.create',
      target_type: 'operator',
      target_id: operator.id,
      ip: '192.0.2.1',
      before: null,
    });
    expect(created.row.after).toMatchObject({ username: 'Support.One', roleId: 'support' });
    expect(JSON.stringify(created.row.after)).not.toContain('argon2');

    const role = await expectOneAuditRow(() =>
      owner.call('PUT', `/bo/staff/${operator.id}/role`, { roleId: 'finance' }),
    );
    expect(role.row).toMatchObject({ action: 'staff.role', target_id: operator.id });
    expect(role.row.before).toMatchObject({ roleId: 'support' });
    expect(role.row.after).toMatchObject({ roleId: 'finance' });

    const steps = [
      ['lock', 'staff.lock'],
      ['unlock', 'staff.unlock'],
      ['password/reset', 'staff.password.reset'],
      ['totp/reset', 'staff.totp.reset'],
      ['sessions/end', 'staff.sessions.end'],
    ] as const;
    for (const [path, action] of steps) {
      const { row } = await expectOneAuditRow(() =>
        owner.call('POST', `/bo/staff/${operator.id}/${path}`, {}),
      );
      expect([path, row.action, row.target_id]).toEqual([path, action, operator.id]);
    }
    const locked = await testApp.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'staff.lock')
      .where('target_id', '=', operator.id)
      .executeTakeFirstOrThrow();
    expect(locked.before).toMatchObject({ status: 'active' });
    expect(locked.after).toMatchObject({ status: 'locked' });
  });

  it('a reset password works once given, and the old one no longer does', async () => {
    const created = await owner.call('POST', '/bo/staff', {
      merchantId: merchantA,
      username: 'reset_me',
      displayName: '',
      roleId: 'content',
    });
    const { id } = created.body.value.operator;
    const reset = await owner.call('POST', `/bo/staff/${id}/password/reset`, {});
    const { temporaryPassword } = reset.body.value;
    expect(temporaryPassword).not.toBe(created.body.value.temporaryPassword);
    const client = createBackOfficeClient(testApp.app, '192.0.2.60');
    const old = await client.logIn({ username: 'reset_me', password: created.body.value.temporaryPassword });
    expect(old.body.code).toBe('BAD_CREDENTIALS');
    const fresh = await client.logIn({ username: 'reset_me', password: temporaryPassword });
    expect(fresh.body.code).toBe('VERIFICATION_REQUIRED');
  });

  it('a locked operator’s open sessions end at once', async () => {
    const { db } = testApp.database;
    const target = await insertOperatorWithSession(db, {
      username: 'to_lock',
      merchantId: merchantA,
      roleId: 'support',
      nowMs,
    });
    const client = clientWith(target.token, '192.0.2.70');
    expect((await client.call('GET', '/bo/auth/me')).status).toBe(200);
    await owner.call('POST', `/bo/staff/${target.id}/lock`, {});
    expect((await client.call('GET', '/bo/auth/me')).body.code).toBe('NOT_LOGGED_IN');
  });

  it('nobody hands out more than they hold, nor touches someone above them, nor themselves', async () => {
    const ownerRow = await testApp.database.db
      .selectFrom('operators')
      .select('id')
      .where('username_key', '=', 'admin')
      .executeTakeFirstOrThrow();
    const escalate = await adminOfA.call('POST', '/bo/staff', {
      username: 'sneaky',
      displayName: 'Sneaky',
      roleId: 'owner',
    });
    expect(escalate.body.code).toBe('FORBIDDEN');
    // The platform owner is not in merchant A's staff: for its admin, that account does not exist.
    expect((await adminOfA.call('POST', `/bo/staff/${ownerRow.id}/lock`, {})).body.code).toBe('NOT_FOUND');
    const selfId = (await adminOfA.call('GET', '/bo/auth/me')).body.value.operator.id;
    expect((await adminOfA.call('POST', `/bo/staff/${selfId}/lock`, {})).body.code).toBe('CONFLICT');
    const roleWithRoles = await owner.call('POST', '/bo/roles', {
      merchantId: merchantA,
      name: 'Role keeper',
      permissions: ['roles.write', 'staff.read'],
    });
    const keeper = await owner.call('POST', '/bo/staff', {
      merchantId: merchantA,
      username: 'keeper',
      displayName: 'Keeper',
      roleId: roleWithRoles.body.value.id,
    });
    // An admin lacks roles.write, so an operator holding it is above them.
    const above = await adminOfA.call('POST', `/bo/staff/${keeper.body.value.operator.id}/lock`, {});
    expect(above.body.code).toBe('FORBIDDEN');
  });

  it("a merchant's staff see only their merchant's staff; a platform owner sees all or the one named", async () => {
    await ownerOfB.call('POST', '/bo/staff', { username: 'b_support', displayName: 'B', roleId: 'support' });
    const seenByA = (await adminOfA.call('GET', '/bo/staff?pageSize=100')).body.value.list;
    expect(seenByA.every((item: { merchantId: string }) => item.merchantId === merchantA)).toBe(true);
    expect(seenByA.map((item: { username: string }) => item.username)).not.toContain('b_support');
    expect((await adminOfA.call('GET', `/bo/staff?merchantId=${merchantB}`)).body.code).toBe('FORBIDDEN');

    const all = (await owner.call('GET', '/bo/staff?pageSize=100')).body.value.list;
    const names = all.map((item: { username: string }) => item.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'risk', 'b_support']));
    const onlyB = (await owner.call('GET', `/bo/staff?merchantId=${merchantB}`)).body.value.list;
    expect(onlyB.map((item: { username: string }) => item.username).sort()).toEqual(['b_support', 'owner_b']);

    const paged = await owner.call('GET', '/bo/staff?pageSize=2&page=1');
    expect(paged.body.value.list).toHaveLength(2);
    expect(paged.body.value.totalPages).toBe(Math.ceil(all.length / 2));
    expect((await owner.call('GET', '/bo/staff?pageSize=101')).body.code).toBe('VALIDATION');
  });

  it('refuses bad input by field, within limits', async () => {
    const bad = await owner.call('POST', '/bo/staff', {
      merchantId: merchantA,
      username: 'a b',
      displayName: 'x'.repeat(81),
      roleId: 'support',
    });
    expect(bad.body.code).toBe('VALIDATION');
    expect(Object.keys(bad.body.value.fields).sort()).toEqual(['displayName', 'username']);
    const taken = await owner.call('POST', '/bo/staff', {
      merchantId: merchantA,
      username: 'RISK',
      displayName: 'Again',
      roleId: 'support',
    });
    expect(taken.body).toMatchObject({
      code: 'VALIDATION',
      value: { fields: { username: 'This is already taken.' }, reasons: { username: 'taken' } },
    });
    const foreignRole = await owner.call('POST', '/bo/staff', {
      merchantId: merchantB,
      username: 'wrong_role',
      displayName: 'Wrong',
      roleId: 'all-missing',
    });
    expect(foreignRole.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { roleId: 'unknown' } } });
  });
});

describe('roles', () => {
  it('lists the built-in roles with their permissions and every permission there is', async () => {
    const reply = await adminOfA.call('GET', '/bo/roles');
    expect(reply.body.value.permissions).toEqual([...PERMISSIONS]);
    const owners = reply.body.value.list.find((role: { id: string }) => role.id === 'owner');
    expect(owners).toMatchObject({ builtin: true, merchantId: null, permissions: [...PERMISSIONS] });
  });

  it('custom roles are created, changed and deleted with one audit row each; built-in ones are fixed', async () => {
    const created = await expectOneAuditRow(() =>
      owner.call('POST', '/bo/roles', {
        merchantId: merchantA,
        name: 'Night desk',
        permissions: ['players.read'],
      }),
    );
    const role = created.reply.body.value;
    expect(role).toMatchObject({ name: 'Night desk', builtin: false, merchantId: merchantA });
    expect(created.row).toMatchObject({ action: 'role.create', target_type: 'role', target_id: role.id });

    const updated = await expectOneAuditRow(() =>
      owner.call('PUT', `/bo/roles/${role.id}`, {
        name: 'Night desk',
        permissions: ['players.read', 'audit.read'],
      }),
    );
    expect(updated.row.before).toMatchObject({ permissions: ['players.read'] });
    expect(updated.row.after).toMatchObject({ permissions: ['audit.read', 'players.read'] });

    const holder = await owner.call('POST', '/bo/staff', {
      merchantId: merchantA,
      username: 'night1',
      displayName: 'Night',
      roleId: role.id,
    });
    expect((await owner.call('DELETE', `/bo/roles/${role.id}`)).body.code).toBe('CONFLICT');
    await owner.call('PUT', `/bo/staff/${holder.body.value.operator.id}/role`, { roleId: 'support' });
    const deleted = await expectOneAuditRow(() => owner.call('DELETE', `/bo/roles/${role.id}`));
    expect(deleted.row).toMatchObject({ action: 'role.delete', after: null });

    expect((await owner.call('PUT', '/bo/roles/owner', { name: 'Boss', permissions: [] })).body.code).toBe(
      'CONFLICT',
    );
    const unknownPermission = await owner.call('POST', '/bo/roles', {
      merchantId: merchantA,
      name: 'Odd',
      permissions: ['everything'],
    });
    expect(unknownPermission.body.code).toBe('VALIDATION');
    const platformWide = await owner.call('POST', '/bo/roles', { name: 'Nowhere', permissions: [] });
    expect(platformWide.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { merchantId: 'required' } },
    });
  });

  it("a role's change reaches its operators' next request", async () => {
    const created = await owner.call('POST', '/bo/roles', {
      merchantId: merchantA,
      name: 'Auditor',
      permissions: ['audit.read'],
    });
    const { db } = testApp.database;
    const auditor = await insertOperatorWithSession(db, {
      username: 'auditor',
      merchantId: merchantA,
      roleId: created.body.value.id,
      nowMs,
    });
    const client = clientWith(auditor.token, '192.0.2.80');
    expect((await client.call('GET', '/bo/audit')).status).toBe(200);
    await owner.call('PUT', `/bo/roles/${created.body.value.id}`, { name: 'Auditor', permissions: [] });
    expect((await client.call('GET', '/bo/audit')).body.code).toBe('FORBIDDEN');
  });
});

describe('the audit log', () => {
  it('is searched by actor, action, target and time, newest first, within the merchant', async () => {
    const mine = await owner.call('GET', '/bo/audit?actor=admin&action=staff&pageSize=100');
    const actions: string[] = mine.body.value.list.map((item: { action: string }) => item.action);
    expect(actions.length).toBeGreaterThan(3);
    expect(actions.every((action) => action.startsWith('staff.'))).toBe(true);
    const times = mine.body.value.list.map((item: { at: string }) => item.at);
    expect([...times].sort().reverse()).toEqual(times);

    const exact = await owner.call('GET', '/bo/audit?action=staff.lock');
    expect(exact.body.value.list.every((item: { action: string }) => item.action === 'staff.lock')).toBe(
      true,
    );

    const target = mine.body.value.list[0];
    const byTarget = await owner.call(
      'GET',
      `/bo/audit?targetType=${target.targetType}&targetId=${target.targetId}&pageSize=100`,
    );
    expect(
      byTarget.body.value.list.every((item: { targetId: string }) => item.targetId === target.targetId),
    ).toBe(true);

    const future = new Date(nowMs + 3600_000).toISOString();
    expect((await owner.call('GET', `/bo/audit?from=${future}`)).body.value.list).toEqual([]);
    const backwards = await owner.call('GET', `/bo/audit?from=${future}&to=${new Date(nowMs).toISOString()}`);
    expect(backwards.body.code).toBe('VALIDATION');

    // Merchant B's owner sees B's rows only: their own staff creation, nothing of A's.
    const seenByB = (await ownerOfB.call('GET', '/bo/audit?pageSize=100')).body.value.list;
    expect(seenByB.length).toBeGreaterThan(0);
    expect(seenByB.every((item: { merchantId: string }) => item.merchantId === merchantB)).toBe(true);
    expect((await ownerOfB.call('GET', `/bo/audit?merchantId=${merchantA}`)).body.code).toBe('FORBIDDEN');

    const page = await owner.call('GET', '/bo/audit?pageSize=2&page=2');
    expect(page.body.value.list).toHaveLength(2);
    expect(page.body.value.totalPages).toBe(Math.ceil(page.body.value.total / 2));
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const { db } = testApp.database;
    const before = await auditCount();
    await expect(sql`update audit_log set action = 'rewritten'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect(await auditCount()).toBe(before);
    const rewritten = await db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'rewritten')
      .executeTakeFirst();
    expect(rewritten).toBeUndefined();
  });
});
