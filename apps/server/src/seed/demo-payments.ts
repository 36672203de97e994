import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PaymentService } from '../modules/payment/payment.service.ts';

/** The demo merchant's account at the payment sandbox. */
export const SANDBOX_MERCHANT_NO = 'PANALO-DEMO';

const PESOS = 100n;

/**
 * Gives the demo merchant deposit methods the first time — GCash and Maya channels of a hosted
 * gateway (the payment sandbox) and a manual bank transfer — and points them at the sandbox's current address after that.
 * Methods an operator added are left alone.
 */
export async function configureDemoPayments(
  db: Kysely<Database>,
  payments: PaymentService,
  sandbox: { baseUrl: string; secret: string },
): Promise<boolean> {
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'panalo')
    .executeTakeFirst();
  if (!merchant) return false;
  const existing = await payments.listMethods(merchant.id);
  if (existing.length > 0) {
    await db
      .updateTable('payment_methods')
      .set({ gateway: sql`jsonb_set(gateway, '{baseUrl}', to_jsonb(${sandbox.baseUrl}::text))` })
      .where('merchant_id', '=', merchant.id)
      .where(sql<string>`gateway->>'merchantNo'`, '=', SANDBOX_MERCHANT_NO)
      .execute();
    return false;
  }
  const gateway = (channel: string) => ({
    baseUrl: sandbox.baseUrl,
    merchantNo: SANDBOX_MERCHANT_NO,
    channel,
    secret: sandbox.secret,
  });
  await payments.createMethod({
    merchantId: merchant.id,
    code: 'gcash',
    kind: 'gateway',
    names: { EN: 'GCash', TY: 'GCash' },
    minMinor: 100n * PESOS,
    maxMinor: 50_000n * PESOS,
    playerDailyMaxMinor: 100_000n * PESOS,
    sortOrder: 1,
    gateway: gateway('GCASH'),
  });
  await payments.createMethod({
    merchantId: merchant.id,
    code: 'maya',
    kind: 'gateway',
    names: { EN: 'Maya', TY: 'Maya' },
    minMinor: 100n * PESOS,
    maxMinor: 50_000n * PESOS,
    playerDailyMaxMinor: 100_000n * PESOS,
    sortOrder: 2,
    gateway: gateway('MAYA'),
  });
  await payments.createMethod({
    merchantId: merchant.id,
    code: 'bank',
    kind: 'bank_transfer',
    names: { EN: 'Bank transfer', TY: 'Bank transfer' },
    minMinor: 500n * PESOS,
    maxMinor: 200_000n * PESOS,
    playerDailyMaxMinor: null,
    sortOrder: 3,
    bankAccount: {
      bankName: 'BDO Unibank',
      accountName: 'Panalo Demo Gaming Inc.',
      accountNumber: '0012 3456 7890',
    },
  });
  return true;
}
