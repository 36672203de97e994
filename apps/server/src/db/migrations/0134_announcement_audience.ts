import { type Kysely, sql } from 'kysely';

// Announcements gain an audience (issue #16 "The agent area"): 'all' for everyone, 'members' for
// visitors and players, 'agents' for the agent centre's agentAnnouncement page. Existing rows were
// written for everyone and stay so.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table announcements
      add column audience text not null default 'all'
        check (audience in ('all', 'members', 'agents'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table announcements drop column audience`.execute(db);
}
