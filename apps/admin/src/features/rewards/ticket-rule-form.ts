import { parsePesoAmount } from '../../lib/format.ts';
import type { OperatorTicketRule, TicketRuleBody } from './rewards-api.ts';

// The ticket rule form's pure part (docs/rewards.md "Tickets").

export type Trigger = TicketRuleBody['trigger'];
export const TRIGGERS: readonly Trigger[] = ['deposit', 'valid_bet_day', 'vip_level', 'contact', 'mission'];
export const TRIGGER_LABELS: Record<Trigger, string> = {
  deposit: 'A deposit',
  valid_bet_day: "A day's valid bet",
  vip_level: 'A VIP level reached',
  contact: 'A contact channel filled in',
  mission: 'Missions (the mission gives the tickets)',
};

export type RuleDraft = {
  trigger: Trigger;
  names: { TY: string; EN: string };
  amount: string;
  vipRank: string;
  tickets: string;
  tableId: string;
  expiresInDays: string;
  active: boolean;
};

export const newRuleDraft = (tableId: string): RuleDraft => ({
  trigger: 'deposit',
  names: { TY: '', EN: '' },
  amount: '',
  vipRank: '',
  tickets: '1',
  tableId,
  expiresInDays: '7',
  active: true,
});

export const ruleDraftOf = (rule: OperatorTicketRule): RuleDraft => ({
  trigger: rule.trigger,
  names: { TY: rule.names.TY ?? '', EN: rule.names.EN ?? '' },
  amount: rule.amount ?? '',
  vipRank: rule.vipRank === null ? '' : String(rule.vipRank),
  tickets: String(rule.tickets),
  tableId: rule.tableId,
  expiresInDays: String(rule.expiresInDays),
  active: rule.active,
});

const wholeOf = (text: string, min: number, max: number): number | null => {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
};

/** The body of a draft, or the fields to fix. */
export function readRuleDraft(
  draft: RuleDraft,
): { ok: true; body: TicketRuleBody } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  for (const language of ['TY', 'EN'] as const) {
    if (draft.names[language].trim() === '')
      errors[`names.${language}`] = 'Write the name in both languages.';
  }
  const needsAmount = draft.trigger === 'deposit' || draft.trigger === 'valid_bet_day';
  const amount = needsAmount ? parsePesoAmount(draft.amount) : null;
  if (needsAmount && amount === null) errors.amount = 'An amount above 0.00.';
  const vipRank = draft.trigger === 'vip_level' ? wholeOf(draft.vipRank, 1, 100) : null;
  if (draft.trigger === 'vip_level' && vipRank === null) errors.vipRank = 'A rank from 1.';
  const tickets = wholeOf(draft.tickets, 1, 100);
  if (tickets === null) errors.tickets = 'From 1 to 100 tickets.';
  const expiresInDays = wholeOf(draft.expiresInDays, 1, 365);
  if (expiresInDays === null) errors.expiresInDays = 'From 1 to 365 days.';
  if (draft.tableId === '') errors.tableId = 'Choose the prize table.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      trigger: draft.trigger,
      names: { TY: draft.names.TY.trim(), EN: draft.names.EN.trim() },
      amount,
      vipRank,
      tickets: tickets ?? 1,
      tableId: draft.tableId,
      expiresInDays: expiresInDays ?? 7,
      active: draft.active,
    },
  };
}
