import { type Kysely, sql } from 'kysely';

// Rewards (docs/rewards.md): what the reward centre, missions, leaderboards and referrals share.
// - the ledger's codes for a prize drawn with a ticket (wheel or egg), a red envelope, a mission's
//   reward, a leaderboard's prize and a referral's reward (docs/money.md);
// - the bonus sources that activate under them (`bonusActivationCodeOf`).
// Each feature's own tables come with its migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transfers drop constraint ledger_transfers_code_check`.execute(db);
  await sql`alter table ledger_transfers add constraint ledger_transfers_code_check check (code in
    ('deposit', 'bet', 'win', 'rollback', 'bonus', 'transfer', 'salary', 'dividend', 'withdrawal_hold',
     'withdrawal_release', 'withdrawal', 'adjustment', 'vendor_transfer', 'void',
     'bonus_convert', 'bonus_forfeit', 'cashback', 'raffle_prize', 'rebate', 'vip_gift', 'points_reward',
     'reward_prize', 'red_envelope', 'mission_reward', 'leaderboard_prize', 'referral_reward'))`.execute(db);
  await sql`alter table member_bonuses drop constraint member_bonuses_source_check`.execute(db);
  await sql`alter table member_bonuses add constraint member_bonuses_source_check check (source in
    ('promotion', 'manual', 'cashback', 'rebate', 'vip', 'points', 'reward', 'mission', 'leaderboard',
     'referral'))`.execute(db);
}
