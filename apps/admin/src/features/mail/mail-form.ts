import type { FormReading } from '../../components/form-save.ts';
import type { MailBody } from './mail-api.ts';

/** Accounts one mail may name (the server's limit); a larger audience is a VIP level or a team. */
export const MAIL_ACCOUNTS_MAX = 1000;
export const MAIL_TITLE_LENGTH_MAX = 120;
export const MAIL_BODY_LENGTH_MAX = 20_000;

/** A mail's form as the operator types it: every field text until it is read. */
export type MailForm = {
  kind: MailBody['kind'];
  audience: MailBody['audience'];
  account: string;
  /** Accounts pasted one a line, or separated by commas or spaces. */
  accounts: string;
  vipRank: string;
  agentAccount: string;
  titles: Record<string, string>;
  bodies: Record<string, string>;
  /** Send at once, or at `sendAt` (a `datetime-local` value, in the operator's time zone). */
  isScheduled: boolean;
  sendAt: string;
};

export const emptyMailForm = (): MailForm => ({
  kind: 'service',
  audience: 'member',
  account: '',
  accounts: '',
  vipRank: '1',
  agentAccount: '',
  titles: { TY: '', EN: '' },
  bodies: { TY: '', EN: '' },
  isScheduled: false,
  sendAt: '',
});

/** The distinct accounts of pasted text, in the order first named. */
export function accountsOf(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((account) => account !== ''))];
}

/** The body the form sends, or what is missing or too long, by the server's field names. */
export function readMailForm(form: MailForm, merchantId: string): FormReading<MailBody> {
  const errors: Record<string, string> = {};
  for (const language of ['TY', 'EN']) {
    if ((form.titles[language] ?? '').trim() === '') errors[`titles.${language}`] = 'Write the title.';
    if ((form.bodies[language] ?? '').trim() === '') errors[`bodies.${language}`] = 'Write the message.';
  }
  const audience: Partial<MailBody> = {};
  if (form.audience === 'member') {
    if (form.account.trim() === '') errors.account = 'Name the member’s account.';
    audience.account = form.account.trim();
  } else if (form.audience === 'accounts') {
    const accounts = accountsOf(form.accounts);
    if (accounts.length === 0) errors.accounts = 'Paste at least one account.';
    else if (accounts.length > MAIL_ACCOUNTS_MAX)
      errors.accounts = `At most ${MAIL_ACCOUNTS_MAX} accounts; mail a VIP level or a team instead.`;
    audience.accounts = accounts;
  } else if (form.audience === 'vip') {
    const rank = Number(form.vipRank);
    if (!/^\d{1,4}$/.test(form.vipRank) || rank < 1) errors.vipRank = 'Enter a VIP rank from 1.';
    audience.vipRank = rank;
  } else {
    if (form.agentAccount.trim() === '') errors.agentAccount = 'Name the agent’s account.';
    audience.agentAccount = form.agentAccount.trim();
  }
  let sendAt: string | null = null;
  if (form.isScheduled) {
    const moment = new Date(form.sendAt);
    if (form.sendAt === '' || Number.isNaN(moment.getTime())) errors.sendAt = 'Choose when it goes.';
    else sendAt = moment.toISOString();
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      merchantId,
      kind: form.kind,
      audience: form.audience,
      ...audience,
      titles: { TY: form.titles.TY?.trim() ?? '', EN: form.titles.EN?.trim() ?? '' },
      bodies: { TY: form.bodies.TY ?? '', EN: form.bodies.EN ?? '' },
      sendAt,
    },
  };
}
