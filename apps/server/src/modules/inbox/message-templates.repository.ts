import type { Selectable } from 'kysely';
import type { MemberMessageKind, MessageTemplatesTable } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';

export type MessageTemplateRow = Selectable<MessageTemplatesTable>;

/** The merchant's own templates, in every kind and language it has one. */
export function findMerchantTemplates(db: Executor, merchantId: string): Promise<MessageTemplateRow[]> {
  return db.selectFrom('message_templates').selectAll().where('merchant_id', '=', merchantId).execute();
}

export function findMerchantTemplate(
  db: Executor,
  key: { merchantId: string; kind: MemberMessageKind; language: string },
): Promise<MessageTemplateRow | undefined> {
  return db
    .selectFrom('message_templates')
    .selectAll()
    .where('merchant_id', '=', key.merchantId)
    .where('kind', '=', key.kind)
    .where('language', '=', key.language)
    .executeTakeFirst();
}

export async function upsertMerchantTemplate(
  db: Executor,
  row: Omit<MessageTemplateRow, 'updated_at'> & { updated_at: Date },
): Promise<void> {
  await db
    .insertInto('message_templates')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['merchant_id', 'kind', 'language']).doUpdateSet({
        title: row.title,
        body: row.body,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteMerchantTemplate(
  db: Executor,
  key: { merchantId: string; kind: MemberMessageKind; language: string },
): Promise<void> {
  await db
    .deleteFrom('message_templates')
    .where('merchant_id', '=', key.merchantId)
    .where('kind', '=', key.kind)
    .where('language', '=', key.language)
    .execute();
}
