import { type Kysely, sql } from 'kysely';

// Reward tickets as a mission reward (docs/missions.md "Rewards"):
// - missions.reward_kind 'ticket': the mission issues reward_tickets tickets of the prize table
//   reward_table_id (the reward centre's), and its reward_minor is 0;
// - mission_claims.tickets: the tickets a ticket claim issued (its amount_minor is 0).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table missions drop constraint missions_reward_kind_check`.execute(db);
  await sql`alter table missions drop constraint missions_reward_minor_check`.execute(db);
  await sql`
    alter table missions
      add column reward_table_id text null references reward_prize_tables (id),
      add column reward_tickets integer null check (reward_tickets between 1 and 100),
      add constraint missions_reward_kind_check check (reward_kind in ('cash', 'bonus', 'ticket')),
      add constraint missions_reward_minor_check
        check (case when reward_kind = 'ticket' then reward_minor = 0 else reward_minor > 0 end),
      add constraint missions_reward_ticket_check
        check ((reward_kind = 'ticket') = (reward_table_id is not null and reward_tickets is not null))`.execute(
    db,
  );

  await sql`alter table mission_claims drop constraint mission_claims_reward_kind_check`.execute(db);
  await sql`alter table mission_claims drop constraint mission_claims_amount_minor_check`.execute(db);
  await sql`
    alter table mission_claims
      add column tickets integer null check (tickets > 0),
      add constraint mission_claims_reward_kind_check check (reward_kind in ('cash', 'bonus', 'ticket')),
      add constraint mission_claims_amount_minor_check
        check (case when reward_kind = 'ticket' then amount_minor = 0 else amount_minor > 0 end),
      add constraint mission_claims_ticket_kind_check check ((reward_kind = 'ticket') = (tickets is not null))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from mission_claims where reward_kind = 'ticket'`.execute(db);
  await sql`delete from missions where reward_kind = 'ticket'`.execute(db);
  await sql`
    alter table mission_claims
      drop constraint mission_claims_ticket_kind_check,
      drop constraint mission_claims_amount_minor_check,
      drop constraint mission_claims_reward_kind_check,
      drop column tickets,
      add constraint mission_claims_reward_kind_check check (reward_kind in ('cash', 'bonus')),
      add constraint mission_claims_amount_minor_check check (amount_minor > 0)`.execute(db);
  await sql`
    alter table missions
      drop constraint missions_reward_ticket_check,
      drop constraint missions_reward_minor_check,
      drop constraint missions_reward_kind_check,
      drop column reward_tickets,
      drop column reward_table_id,
      add constraint missions_reward_kind_check check (reward_kind in ('cash', 'bonus')),
      add constraint missions_reward_minor_check check (reward_minor > 0)`.execute(db);
}
