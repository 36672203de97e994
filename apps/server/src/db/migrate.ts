import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as m0001 from './migrations/0001_merchants.ts';
import * as m0002 from './migrations/0002_merchant_content.ts';
import * as m0010 from './migrations/0010_job_heartbeats.ts';
import * as m0011 from './migrations/0011_encryption_keys.ts';
import * as m0020 from './migrations/0020_members.ts';
import * as m0021 from './migrations/0021_verification.ts';
import * as m0022 from './migrations/0022_password_resets.ts';
import * as m0023 from './migrations/0023_member_totp_step.ts';
import * as m0024 from './migrations/0024_social_login.ts';
import * as m0030 from './migrations/0030_operators.ts';
import * as m0031 from './migrations/0031_audit_log.ts';
import * as m0032 from './migrations/0032_help_article_merchant.ts';
import * as m0040 from './migrations/0040_ledger.ts';
import * as m0041 from './migrations/0041_ledger_transfer_function.ts';
import * as m0050 from './migrations/0050_payments.ts';
import * as m0051 from './migrations/0051_withdrawals.ts';
import * as m0052 from './migrations/0052_member_messages.ts';
import * as m0053 from './migrations/0053_withdrawal_confirmation.ts';
import * as m0070 from './migrations/0070_games.ts';
import * as m0071 from './migrations/0071_game_seeds.ts';
import * as m0075 from './migrations/0075_lottery_draws.ts';
import * as m0076 from './migrations/0076_vendor_transfers.ts';
import * as m0080 from './migrations/0080_catalogue.ts';
import * as m0081 from './migrations/0081_game_classify_groups.ts';
import * as m0082 from './migrations/0082_game_operator_overrides.ts';
import * as m0083 from './migrations/0083_house_one_step_round.ts';
import * as m0084 from './migrations/0084_house_rounds_batch.ts';
import * as m0090 from './migrations/0090_responsible_gaming.ts';
import * as m0091 from './migrations/0091_catalogue_version.ts';
import * as m0100 from './migrations/0100_merchant_origin.ts';
import * as m0102 from './migrations/0102_rate_limit_counters.ts';
import * as m0104 from './migrations/0104_trial_expiry.ts';
import * as m0108 from './migrations/0108_one_open_withdrawal.ts';
import * as m0113 from './migrations/0113_house_fairness_records.ts';
import * as m0114 from './migrations/0114_house_request_by_game.ts';
import * as m0115 from './migrations/0115_banner_language_images.ts';
import * as m0120 from './migrations/0120_maintenance_languages.ts';
import * as m0123 from './migrations/0123_us_spelling_names.ts';
import * as m0130 from './migrations/0130_bet_record.ts';
import * as m0131 from './migrations/0131_bet_record_one_step.ts';
import * as m0132 from './migrations/0132_member_tree.ts';
import * as m0134 from './migrations/0134_announcement_audience.ts';
import * as m0135 from './migrations/0135_agent_invitation_links.ts';
import * as m0136 from './migrations/0136_vendor_resettle_void.ts';
import * as m0137 from './migrations/0137_affiliate_applications.ts';
import * as m0138 from './migrations/0138_member_bet_days_by_upline.ts';
import * as m0139 from './migrations/0139_team_report_reads.ts';
import * as m0140 from './migrations/0140_agent_contracts.ts';
import * as m0141 from './migrations/0141_agent_contract_settlements.ts';
import * as m0142 from './migrations/0142_transfer_bet_feeds.ts';
import * as m0143 from './migrations/0143_house_valid_bet.ts';
import * as m0144 from './migrations/0144_rollup_rebuilds.ts';
import * as m0145 from './migrations/0145_promotions_and_bonuses.ts';
import * as m0146 from './migrations/0146_slot_spin_rules.ts';
import * as m0147 from './migrations/0147_raffles.ts';
import * as m0148 from './migrations/0148_loyalty.ts';
import * as m0149 from './migrations/0149_points.ts';
import * as m0150 from './migrations/0150_rebates.ts';
import * as m0151 from './migrations/0151_vip_jobs.ts';
import * as m0152 from './migrations/0152_rewards_ground.ts';
import * as m0153 from './migrations/0153_reward_tickets.ts';
import * as m0154 from './migrations/0154_red_envelopes.ts';
import * as m0155 from './migrations/0155_missions.ts';
import * as m0156 from './migrations/0156_referrals.ts';
import * as m0157 from './migrations/0157_referral_rule_names.ts';
import * as m0158 from './migrations/0158_mission_tickets.ts';
import * as m0159 from './migrations/0159_red_envelope_budget.ts';
import * as m0160 from './migrations/0160_feedback.ts';
import * as m0161 from './migrations/0161_operator_mail.ts';
import * as m0162 from './migrations/0162_member_profile.ts';
import * as m0163 from './migrations/0163_articles.ts';
import * as m0166 from './migrations/0166_live_chat.ts';
import * as m0168 from './migrations/0168_red_envelope_open_batch.ts';
import * as m0169 from './migrations/0169_chat_identity.ts';
import * as m0170 from './migrations/0170_chat_images.ts';
import * as m0171 from './migrations/0171_app_installs.ts';
import * as m0172 from './migrations/0172_red_envelope_claim_turns.ts';
import type { Database } from './schema.ts';

/**
 * The one history of the schema, in order. A migration is never edited once it has landed;
 * a change is a new numbered file added to this list.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_merchants': m0001,
  '0002_merchant_content': m0002,
  '0010_job_heartbeats': m0010,
  '0011_encryption_keys': m0011,
  '0020_members': m0020,
  '0021_verification': m0021,
  '0022_password_resets': m0022,
  '0023_member_totp_step': m0023,
  '0024_social_login': m0024,
  '0030_operators': m0030,
  '0031_audit_log': m0031,
  '0032_help_article_merchant': m0032,
  '0040_ledger': m0040,
  '0041_ledger_transfer_function': m0041,
  '0050_payments': m0050,
  '0051_withdrawals': m0051,
  '0052_member_messages': m0052,
  '0053_withdrawal_confirmation': m0053,
  '0070_games': m0070,
  '0071_game_seeds': m0071,
  '0075_lottery_draws': m0075,
  '0076_vendor_transfers': m0076,
  '0080_catalogue': m0080,
  '0081_game_classify_groups': m0081,
  '0082_game_operator_overrides': m0082,
  '0083_house_one_step_round': m0083,
  '0084_house_rounds_batch': m0084,
  '0090_responsible_gaming': m0090,
  '0091_catalogue_version': m0091,
  '0100_merchant_origin': m0100,
  '0102_rate_limit_counters': m0102,
  '0104_trial_expiry': m0104,
  '0108_one_open_withdrawal': m0108,
  '0113_house_fairness_records': m0113,
  '0114_house_request_by_game': m0114,
  '0115_banner_language_images': m0115,
  '0120_maintenance_languages': m0120,
  '0123_us_spelling_names': m0123,
  '0130_bet_record': m0130,
  '0131_bet_record_one_step': m0131,
  '0132_member_tree': m0132,
  '0134_announcement_audience': m0134,
  '0135_agent_invitation_links': m0135,
  '0136_vendor_resettle_void': m0136,
  '0137_affiliate_applications': m0137,
  '0138_member_bet_days_by_upline': m0138,
  '0139_team_report_reads': m0139,
  '0140_agent_contracts': m0140,
  '0141_agent_contract_settlements': m0141,
  '0142_transfer_bet_feeds': m0142,
  '0143_house_valid_bet': m0143,
  '0144_rollup_rebuilds': m0144,
  '0145_promotions_and_bonuses': m0145,
  '0146_slot_spin_rules': m0146,
  '0147_raffles': m0147,
  '0148_loyalty': m0148,
  '0149_points': m0149,
  '0150_rebates': m0150,
  '0151_vip_jobs': m0151,
  '0152_rewards_ground': m0152,
  '0153_reward_tickets': m0153,
  '0154_red_envelopes': m0154,
  '0155_missions': m0155,
  '0156_referrals': m0156,
  '0157_referral_rule_names': m0157,
  '0158_mission_tickets': m0158,
  '0159_red_envelope_budget': m0159,
  '0160_feedback': m0160,
  '0161_operator_mail': m0161,
  '0162_member_profile': m0162,
  '0163_articles': m0163,
  '0166_live_chat': m0166,
  '0168_red_envelope_open_batch': m0168,
  '0169_chat_identity': m0169,
  '0170_chat_images': m0170,
  '0171_app_installs': m0171,
  '0172_red_envelope_claim_turns': m0172,
};

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    // Areas reserve number ranges and land in any order, so a database may already hold a later
    // number (0090) when an earlier one (0081) arrives; it is run then rather than refused.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
