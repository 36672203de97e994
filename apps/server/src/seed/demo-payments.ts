import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { NewPaymentMethod, PaymentService } from '../modules/payment/payment.service.ts';
import { findDemoMerchantId } from './demo-merchant.ts';

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
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return false;
  const existing = await payments.listMethods(merchantId);
  if (existing.length > 0) {
    await db
      .updateTable('payment_methods')
      .set({ gateway: sql`jsonb_set(gateway, '{baseUrl}', to_jsonb(${sandbox.baseUrl}::text))` })
      .where('merchant_id', '=', merchantId)
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
  const gatewayChannel = (code: string, name: string, channel: string) => ({
    code,
    kind: 'gateway' as const,
    names: { EN: name, TY: name },
    minMinor: 100n * PESOS,
    maxMinor: 50_000n * PESOS,
    playerDailyMaxMinor: 100_000n * PESOS,
    gateway: gateway(channel),
  });
  const methods: Omit<NewPaymentMethod, 'merchantId' | 'sortOrder'>[] = [
    gatewayChannel('gcash', 'GCash', 'GCASH'),
    gatewayChannel('maya', 'Maya', 'MAYA'),
    {
      code: 'bank',
      kind: 'bank_transfer',
      names: { EN: 'Bank transfer', TY: 'Bank transfer' },
      minMinor: 500n * PESOS,
      maxMinor: 200_000n * PESOS,
      playerDailyMaxMinor: null,
      bankAccount: {
        bankName: 'BDO Unibank',
        accountName: 'Panalo Demo Gaming Inc.',
        accountNumber: '0012 3456 7890',
      },
    },
  ];
  for (const [index, method] of methods.entries()) {
    await payments.createMethod({ ...method, merchantId, sortOrder: index + 1 });
  }
  return true;
}
