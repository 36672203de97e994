import { type Kysely, sql } from 'kysely';

// News, blog posts and the beginner guide that operators write (docs/back-office.md "News, blog and
// guide"). A slug names an article in its address (/news/<slug>) and is unique within a merchant
// across the three kinds, so that the unique index, not a read before the write, settles two saves
// racing for the same slug. Each text is kept per language ({ "TY": …, "EN": … }); the body is
// operator HTML, sanitised before it is stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table articles (
      id text primary key,
      merchant_id text not null references merchants (id) on delete cascade,
      kind text not null check (kind in ('news', 'blog', 'guide')),
      slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 80),
      title jsonb not null,
      description jsonb not null,
      body jsonb not null,
      cover_image_url text null,
      published boolean not null default false,
      publish_at timestamptz not null,
      unpublish_at timestamptz null,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint articles_schedule_check check (unpublish_at is null or unpublish_at > publish_at)
    )`.execute(db);
  await sql`create unique index articles_slug_idx on articles (merchant_id, slug)`.execute(db);
  await sql`create index articles_listing_idx on articles (merchant_id, kind, publish_at desc) where published`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table articles`.execute(db);
}
