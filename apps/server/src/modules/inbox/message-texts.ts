import type { MemberMessageKind } from '../../db/schema.ts';
import type { Language } from '../../platform/i18n/language.ts';

type Template = { title: string; body: string };

/**
 * The inbox's wording (spec §3 "Messages": deposit arrival, deposit failed, withdrawal approved
 * or rejected), with placeholders for the site, the amount and a reason.
 */
const TEMPLATES: Record<Language, Record<MemberMessageKind, Template>> = {
  EN: {
    affiliate_approved: {
      title: 'You are now an agent',
      body: 'Your application to become an agent of {site} was approved. Log in at the agent page to see your team. {note}',
    },
    affiliate_rejected: {
      title: 'Agent application not approved',
      body: 'Your application to become an agent of {site} was not approved: {note}',
    },
    deposit_arrived: {
      title: 'Deposit received',
      body: 'Your deposit of {amount} has arrived in your {site} balance. Good luck!',
    },
    deposit_failed: {
      title: 'Deposit not completed',
      body: 'Your deposit of {amount} did not go through. {reason} No money was taken from your {site} balance.',
    },
    withdrawal_approved: {
      title: 'Withdrawal sent',
      body: 'Your withdrawal of {amount} was approved and sent to {account}.',
    },
    withdrawal_rejected: {
      title: 'Withdrawal rejected',
      body: 'Your withdrawal of {amount} was rejected: {reason} The amount is back in your {site} balance.',
    },
    withdrawal_failed: {
      title: 'Withdrawal not completed',
      body: 'Sending your withdrawal of {amount} to {account} failed. The amount is back in your {site} balance.',
    },
  },
  TY: {
    affiliate_approved: {
      title: 'Isa ka nang ahente',
      body: 'Naaprubahan ang aplikasyon mong maging ahente ng {site}. Mag-log in sa pahina ng ahente para makita ang iyong team. {note}',
    },
    affiliate_rejected: {
      title: 'Hindi naaprubahan ang aplikasyon bilang ahente',
      body: 'Hindi naaprubahan ang aplikasyon mong maging ahente ng {site}: {note}',
    },
    deposit_arrived: {
      title: 'Natanggap ang deposito',
      body: 'Naipasok na sa iyong balanse sa {site} ang deposito mong {amount}. Good luck!',
    },
    deposit_failed: {
      title: 'Hindi natuloy ang deposito',
      body: 'Hindi natuloy ang deposito mong {amount}. {reason} Walang nabawas sa iyong balanse sa {site}.',
    },
    withdrawal_approved: {
      title: 'Naipadala ang withdrawal',
      body: 'Naaprubahan at naipadala na sa {account} ang withdrawal mong {amount}.',
    },
    withdrawal_rejected: {
      title: 'Tinanggihan ang withdrawal',
      body: 'Tinanggihan ang withdrawal mong {amount}: {reason} Naibalik na ang halaga sa iyong balanse sa {site}.',
    },
    withdrawal_failed: {
      title: 'Hindi natuloy ang withdrawal',
      body: 'Hindi naipadala sa {account} ang withdrawal mong {amount}. Naibalik na ang halaga sa iyong balanse sa {site}.',
    },
  },
};

/** A message worded for its reader; unknown placeholders stay visible rather than vanish. */
export function wordMessage(
  language: Language,
  kind: MemberMessageKind,
  params: Record<string, string>,
): Template {
  const template = TEMPLATES[language][kind];
  const fill = (text: string) =>
    text
      .replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)
      .replace(/\s+/g, ' ')
      .trim();
  return { title: fill(template.title), body: fill(template.body) };
}
