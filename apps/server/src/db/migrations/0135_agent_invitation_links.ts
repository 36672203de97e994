import { type Kysely, sql } from 'kysely';

// The agent's register centre (issue #16 "registerCenter", "Privacy").
//
// agent_invitation_links: the links an agent hands out. Each carries a code that travels as
// `affiliateCode` like the agent's own invitation code (members.affiliate_code); a sign-up with it
// hangs the new member under the link's agent, as a sub-agent when the link's kind is 'agent', and
// keeps the link on the member (members.invitation_link_id) so that sign-ups and first deposits are
// counted per link. A disabled link signs no one up under its agent.
//
// A player an agent registers gets a one-time password by SMS: its hash is the member's password
// until it is used (once) or expires (members.one_time_password_expires_at), and at the first login
// the player sets their own password and accepts the terms and the minimum age
// (members.consent_required, cleared with terms_accepted_at set).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_invitation_links (
      id text primary key,
      merchant_id text not null references merchants(id),
      agent_id text not null references members(id),
      code text not null check (code ~ '^[A-Z0-9]{4,16}$'),
      kind text not null check (kind in ('player', 'agent')),
      label text not null default '' check (char_length(label) <= 40),
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      disabled_at timestamptz,
      check (enabled = (disabled_at is null))
    )`.execute(db);
  await sql`create unique index agent_invitation_links_code_uq on agent_invitation_links (merchant_id, code)`.execute(
    db,
  );
  await sql`create index agent_invitation_links_agent_idx on agent_invitation_links (agent_id, created_at)`.execute(
    db,
  );
  await sql`
    alter table members
      add column invitation_link_id text references agent_invitation_links(id),
      add column one_time_password_expires_at timestamptz,
      add column consent_required boolean not null default false,
      add column terms_accepted_at timestamptz`.execute(db);
  await sql`
    create index members_invitation_link_idx on members (invitation_link_id)
    where invitation_link_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table members
      drop column invitation_link_id,
      drop column one_time_password_expires_at,
      drop column consent_required,
      drop column terms_accepted_at`.execute(db);
  await sql`drop table agent_invitation_links`.execute(db);
}
