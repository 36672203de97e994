import { type Kysely, sql } from 'kysely';

// Members' feedback (spec §2 "feedback form", §7 PUT /wps/feedback, docs/back-office.md
// "Feedback"): a type, a text, and up to three images uploaded one by one before it is sent; the
// back office answers it once, and the answer reaches the member's messages.
// - feedback_images.feedback_id stays null until the feedback that names the image is sent; an
//   image belongs to one feedback at most (the update that attaches it only takes unattached ones).
// - The per-day limit of feedbacks is counted under a lock on the member's row (the service), so
//   this table needs no unique index for it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table feedbacks (
      id text primary key,
      merchant_id text not null references merchants (id),
      member_id text not null references members (id),
      type text not null check (type in ('suggestion', 'game', 'payment', 'account', 'other')),
      content text not null check (char_length(content) between 1 and 2000),
      status text not null default 'open' check (status in ('open', 'answered')),
      answer text null check (char_length(answer) between 1 and 2000),
      answered_by text null references operators (id),
      answered_at timestamptz null,
      created_at timestamptz not null default now(),
      check ((status = 'answered') = (answered_at is not null)),
      check ((status = 'answered') = (answer is not null))
    )`.execute(db);
  await sql`create index feedbacks_member_idx on feedbacks (member_id, created_at desc)`.execute(db);
  await sql`create index feedbacks_inbox_idx on feedbacks (merchant_id, status, created_at desc)`.execute(db);
  await sql`
    create table feedback_images (
      id text primary key,
      merchant_id text not null references merchants (id),
      member_id text not null references members (id),
      feedback_id text null references feedbacks (id),
      image_path text not null,
      content_type text not null check (content_type in ('image/png', 'image/jpeg')),
      byte_size integer not null check (byte_size > 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index feedback_images_member_idx on feedback_images (member_id, created_at desc)`.execute(
    db,
  );
  await sql`create index feedback_images_feedback_idx on feedback_images (feedback_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table feedback_images`.execute(db);
  await sql`drop table feedbacks`.execute(db);
}
