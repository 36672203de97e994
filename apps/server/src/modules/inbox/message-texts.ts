import type { MemberMessageKind } from '../../db/schema.ts';
import type { Language } from '../../platform/i18n/language.ts';

/** A message's wording: its title and body, with `{name}` placeholders. */
export type Template = { title: string; body: string };

/**
 * The inbox's wording (spec §3 "Messages": deposit arrival, deposit failed, withdrawal approved
 * or rejected; affiliate applications; agent contracts, docs/contracts.md; the points mall's
 * redeems, docs/loyalty.md), with placeholders for the site, the amount, a reason, a contract's
 * kind, offer and other party, and a reward's name (kept per language: `goods.EN`, `goods.TY`).
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
    contract_offer: {
      title: 'Contract offer: {contract}',
      body: 'You have {offer} for the {contract} contract from {party}. Open Contracts in the agent centre to accept or reject it within {days} days.',
    },
    contract_offer_cancelled: {
      title: 'Contract offer withdrawn: {contract}',
      body: 'The offer for the {contract} contract from {party} was withdrawn: {offer}.',
    },
    contract_offer_expired: {
      title: 'Contract offer expired: {contract}',
      body: 'An offer between you and {party} for the {contract} contract expired without an answer: {offer}.',
    },
    contract_accepted: {
      title: 'Contract signed: {contract}',
      body: 'Your {contract} contract with {party} is signed (version {version}, top rate {rate}%). It earns from {startsAt}.',
    },
    contract_rejected: {
      title: 'Contract offer rejected: {contract}',
      body: 'Your offer for the {contract} contract was rejected by {party}: {offer}.',
    },
    contract_ended: {
      title: 'Contract ended: {contract}',
      body: 'Your {contract} contract with {party} has ended: {endReason}.',
    },
    contract_payment_waiting: {
      title: 'Payment waiting: {contract}',
      body: 'Your balance could not cover the {contract} of {amount} due to {party} for {cycle}. The payment waits for the operator.',
    },
    deposit_arrived: {
      title: 'Deposit received',
      body: 'Your deposit of {amount} has arrived in your {site} balance. Good luck!',
    },
    deposit_failed: {
      title: 'Deposit not completed',
      body: 'Your deposit of {amount} did not go through. {reason} No money was taken from your {site} balance.',
    },
    feedback_answered: {
      title: 'Answer to your feedback',
      body: 'About your feedback “{excerpt}”: {answer}',
    },
    points_redeem_approved: {
      title: 'Points reward approved',
      body: 'Your redeem {reference} of {quantity} × {goods} for {points} points was approved. {outcome}',
    },
    points_redeem_rejected: {
      title: 'Points reward not approved',
      body: 'Your redeem {reference} of {quantity} × {goods} was not approved: {reason} Your {points} points are back in your {site} points balance.',
    },
    raffle_won: {
      title: 'You won a raffle prize',
      body: 'Your ticket {ticket} won {amount} in the {site} raffle. Open Promotions to claim it within {days} days.',
    },
    vip_up: {
      title: 'Welcome to {label}',
      body: 'Congratulations! You reached {levelEN} at {site}. Open the VIP page to see your new benefits.',
    },
    vip_down: {
      title: 'Your VIP level changed',
      body: 'Your VIP level at {site} is now {levelEN}. Play and deposit in the window to rise again.',
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
    contract_offer: {
      title: 'Alok na kontrata: {contract}',
      body: 'Nagpadala {partySi} ng {offer} para sa kontratang {contract}. Buksan ang Mga Kontrata sa agent centre para tanggapin o tanggihan ito sa loob ng {days} araw.',
    },
    contract_offer_cancelled: {
      title: 'Binawi ang alok na kontrata: {contract}',
      body: 'Binawi {partyNi} ang {offer} para sa kontratang {contract}.',
    },
    contract_offer_expired: {
      title: 'Nag-expire ang alok na kontrata: {contract}',
      body: 'Nag-expire nang walang sagot ang alok para sa kontratang {contract} ninyo {partyNi}: {offer}.',
    },
    contract_accepted: {
      title: 'Napirmahan ang kontrata: {contract}',
      body: 'Napirmahan na ang kontratang {contract} ninyo {partyNi} (bersyon {version}, pinakamataas na rate {rate}%). Kikita ito simula {startsAt}.',
    },
    contract_rejected: {
      title: 'Tinanggihan ang alok na kontrata: {contract}',
      body: 'Tinanggihan {partyNi} ang {offer} para sa kontratang {contract}.',
    },
    contract_ended: {
      title: 'Natapos ang kontrata: {contract}',
      body: 'Natapos ang kontratang {contract} ninyo {partyNi}: {endReason}.',
    },
    contract_payment_waiting: {
      title: 'Naghihintay na bayad: {contract}',
      body: 'Hindi sapat ang iyong balanse para sa {contract} na {amount} na dapat bayaran {partyKay} para sa {cycle}. Hinihintay ng bayad ang operator.',
    },
    deposit_arrived: {
      title: 'Natanggap ang deposito',
      body: 'Naipasok na sa iyong balanse sa {site} ang deposito mong {amount}. Good luck!',
    },
    deposit_failed: {
      title: 'Hindi natuloy ang deposito',
      body: 'Hindi natuloy ang deposito mong {amount}. {reason} Walang nabawas sa iyong balanse sa {site}.',
    },
    feedback_answered: {
      title: 'Sagot sa iyong puna',
      body: 'Tungkol sa iyong puna na “{excerpt}”: {answer}',
    },
    points_redeem_approved: {
      title: 'Naaprubahan ang reward sa points',
      body: 'Naaprubahan ang redeem mong {reference} ng {quantity} × {goods} kapalit ng {points} points. {outcome}',
    },
    points_redeem_rejected: {
      title: 'Hindi naaprubahan ang reward sa points',
      body: 'Hindi naaprubahan ang redeem mong {reference} ng {quantity} × {goods}: {reason} Naibalik na ang {points} points mo sa iyong points balance sa {site}.',
    },
    raffle_won: {
      title: 'Nanalo ka sa raffle',
      body: 'Nanalo ng {amount} ang ticket mong {ticket} sa raffle ng {site}. Buksan ang Mga Promosyon para i-claim ito sa loob ng {days} araw.',
    },
    vip_up: {
      title: 'Maligayang pagdating sa {label}',
      body: 'Binabati ka namin! Naabot mo ang {levelTY} sa {site}. Buksan ang pahina ng VIP para makita ang mga bago mong benepisyo.',
    },
    vip_down: {
      title: 'Nagbago ang VIP level mo',
      body: 'Ang VIP level mo sa {site} ay {levelTY} na ngayon. Maglaro at mag-deposito sa loob ng panahon para tumaas muli.',
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

/**
 * Parameters that hold a code rather than words (a contract's kind, why it ended, what an offer
 * asks), worded in the reader's language: a message keeps the code, so it reads right in either.
 */
const CODE_WORDS: Record<Language, Record<string, Record<string, string>>> = {
  EN: {
    contract: {
      dividend: 'dividend',
      daily: 'daily salary',
      hourly: 'hourly salary',
      realtime: 'real-time salary',
    },
    offer: { new: 'new contract terms', terminate: 'a request to end the contract' },
    // A VIP message names the level as `<label> <name>`; empty: the member holds none.
    levelEN: { '': 'no level' },
    outcome: {
      cash: 'The cash is in your balance.',
      bonus: 'The bonus is in your bonus wallet.',
      item: 'We will send it to the address you gave.',
    },
    endReason: {
      terminated: 'both sides agreed to end it',
      superseded: 'new terms replaced it',
      rate_cap: "its terms no longer fit under the upline's new contract",
      upline_moved: 'the agent moved to another upline',
      operator: 'the operator ended it',
    },
  },
  TY: {
    contract: {
      dividend: 'dibidendo',
      daily: 'arawang sahod',
      hourly: 'sahod kada oras',
      realtime: 'real-time na sahod',
    },
    offer: { new: 'bagong kondisyon ng kontrata', terminate: 'hiling na tapusin ang kontrata' },
    levelTY: { '': 'walang level' },
    outcome: {
      cash: 'Nasa balanse mo na ang cash.',
      bonus: 'Nasa bonus wallet mo na ang bonus.',
      item: 'Ipapadala namin ito sa address na ibinigay mo.',
    },
    endReason: {
      terminated: 'pumayag ang magkabilang panig na tapusin ito',
      superseded: 'pinalitan ito ng bagong kondisyon',
      rate_cap: 'hindi na ito akma sa bagong kontrata ng upline',
      upline_moved: 'lumipat ang ahente sa ibang upline',
      operator: 'tinapos ito ng operator',
    },
  },
};

/**
 * The other party of a contract message (`party`: an account, or empty for the operator, since no
 * account is empty) as each placeholder names it; Tagalog marks a name by its place in the sentence.
 */
const PARTY_FORMS: Record<Language, Record<string, { operator: string; account: string }>> = {
  EN: { party: { operator: 'the operator', account: '' } },
  TY: {
    partySi: { operator: 'ang operator', account: 'si ' },
    partyNi: { operator: 'ng operator', account: 'ni ' },
    partyKay: { operator: 'sa operator', account: 'kay ' },
  },
};

/** The system message kinds, each of which a merchant may word in its own template. */
export const MESSAGE_KINDS = Object.keys(TEMPLATES.EN) as MemberMessageKind[];

/** Longest title and body of a merchant's template, in characters. */
export const TEMPLATE_TITLE_LENGTH_MAX = 120;
export const TEMPLATE_BODY_LENGTH_MAX = 1000;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The built-in wording of a kind in a language. */
export function defaultTemplate(language: Language, kind: MemberMessageKind): Template {
  return TEMPLATES[language][kind];
}

const namesIn = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string);

/**
 * The placeholders a template of the kind may use in the language: those of its built-in wording,
 * which are what the code that sends the message fills in (and, for a contract's other party in
 * Tagalog, the marked forms of the name).
 */
export function placeholdersOf(language: Language, kind: MemberMessageKind): string[] {
  const template = TEMPLATES[language][kind];
  return [...new Set([...namesIn(template.title), ...namesIn(template.body)])].sort();
}

/**
 * What is wrong with a merchant's template, per field: empty, too long, or a placeholder the kind
 * does not fill (it would show as written). Empty when nothing is.
 */
export function checkTemplate(
  language: Language,
  kind: MemberMessageKind,
  template: Template,
): { fields: Record<string, string>; unknown: string[] } {
  const known = new Set(placeholdersOf(language, kind));
  const fields: Record<string, string> = {};
  const unknown: string[] = [];
  const check = (field: 'title' | 'body', lengthMax: number) => {
    const text = template[field];
    if (text.trim() === '') fields[field] = 'required';
    else if (text.length > lengthMax) fields[field] = 'length';
    const strangers = namesIn(text).filter((name) => !known.has(name));
    if (strangers.length > 0) {
      fields[field] ??= 'placeholder';
      unknown.push(...strangers);
    }
  };
  check('title', TEMPLATE_TITLE_LENGTH_MAX);
  check('body', TEMPLATE_BODY_LENGTH_MAX);
  return { fields, unknown: [...new Set(unknown)] };
}

/** What a preview fills each placeholder with: the words a real message of the kind would carry. */
const SAMPLE_PARAMS: Record<string, string> = {
  account: 'GCash 0917****567',
  amount: '₱1,000.00',
  contract: 'daily',
  cycle: '2026-11-26',
  days: '7',
  endReason: 'terminated',
  'goods.EN': 'Umbrella',
  'goods.TY': 'Payong',
  label: 'VIP2',
  levelEN: 'VIP2 Silver',
  levelTY: 'VIP2 Pilak',
  note: '',
  offer: 'new',
  outcome: 'cash',
  party: 'ju**an',
  points: '500',
  quantity: '1',
  rate: '1.5',
  reason: 'The payment was cancelled.',
  reference: 'R20261126001',
  startsAt: '2026-12-01',
  ticket: 'T-000123',
  version: '2',
};

/** A template worded as a member would read it, its placeholders filled with sample values. */
export function previewMessage(
  language: Language,
  kind: MemberMessageKind,
  template: Template,
  site: string,
): Template {
  return wordMessage(language, kind, { ...SAMPLE_PARAMS, site }, template);
}

/**
 * A message worded for its reader, in the merchant's template when it has one (else the built-in
 * wording); unknown placeholders stay visible rather than vanish.
 */
export function wordMessage(
  language: Language,
  kind: MemberMessageKind,
  params: Record<string, string>,
  merchantTemplate?: Template,
): Template {
  const template = merchantTemplate ?? TEMPLATES[language][kind];
  const codeWords = CODE_WORDS[language];
  const wordOf = (name: string): string | undefined => {
    const partyForm = PARTY_FORMS[language][name];
    if (partyForm && params.party !== undefined) {
      return params.party === '' ? partyForm.operator : `${partyForm.account}${params.party}`;
    }
    // A name the message keeps in each language (a reward's) is read in the reader's.
    const value = params[`${name}.${language}`] ?? params[name];
    return value === undefined ? undefined : (codeWords[name]?.[value] ?? value);
  };
  const fill = (text: string) =>
    text
      .replace(PLACEHOLDER, (whole, name: string) => wordOf(name) ?? whole)
      .replace(/\s+/g, ' ')
      .trim();
  return { title: fill(template.title), body: fill(template.body) };
}
