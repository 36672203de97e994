import { type Kysely, sql } from 'kysely';

// Operator mail and message templates (docs/back-office.md "Mail and message templates"):
// - operator_mails: a message an operator writes (title and sanitised HTML body per language) to one
//   member, a list of accounts, a VIP level or an agent's team, `service` or `promotional`, sent at
//   `send_at`. A job claims a due mail by moving it from scheduled to sending (one node wins), and
//   delivery writes one member message per recipient;
// - member_messages.mail_id: the mail a message delivers. Its dedupe key is the mail's, so that a
//   delivery retried after a crash adds nobody twice; the counts of recipients and reads read it;
// - message_templates: a merchant's own wording of a system message kind in one language.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table operator_mails (
      id text primary key,
      merchant_id text not null references merchants (id),
      kind text not null check (kind in ('service', 'promotional')),
      audience text not null check (audience in ('member', 'accounts', 'vip', 'team')),
      accounts jsonb not null default '[]',
      vip_rank integer null,
      agent_id text null references members (id),
      titles jsonb not null,
      bodies jsonb not null,
      status text not null check (status in ('scheduled', 'sending', 'sent', 'cancelled')),
      send_at timestamptz not null,
      claimed_at timestamptz null,
      sent_at timestamptz null,
      recipients integer not null default 0,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((audience = 'vip') = (vip_rank is not null)),
      check ((audience = 'team') = (agent_id is not null))
    )`.execute(db);
  await sql`create index operator_mails_merchant_idx on operator_mails (merchant_id, send_at desc)`.execute(
    db,
  );
  await sql`create index operator_mails_due_idx on operator_mails (send_at)
    where status in ('scheduled', 'sending')`.execute(db);
  await sql`alter table member_messages add column mail_id text null references operator_mails (id)`.execute(
    db,
  );
  await sql`create index member_messages_mail_idx on member_messages (mail_id) where mail_id is not null`.execute(
    db,
  );
  await sql`
    create table message_templates (
      merchant_id text not null references merchants (id),
      kind text not null,
      language text not null,
      title text not null,
      body text not null,
      updated_by text not null,
      updated_at timestamptz not null default now(),
      primary key (merchant_id, kind, language)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table message_templates`.execute(db);
  await sql`drop index member_messages_mail_idx`.execute(db);
  await sql`alter table member_messages drop column mail_id`.execute(db);
  await sql`drop table operator_mails`.execute(db);
}
