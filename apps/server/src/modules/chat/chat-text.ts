/** A chat message's text, counted in characters (code points) as the database counts them. */
export const CHAT_TEXT_LENGTH_MAX = 2000;
/**
 * A run of at least this many digits reads as an account number. Groups of three or more digits
 * may be joined by one space or dash (as cards and bank accounts are written); shorter groups end
 * the run, so that a date (2026-11-20) or an amount stays as it was written.
 */
const ACCOUNT_DIGITS_MIN = 8;
/** The last digits of an account number stay readable, so that a player and an operator can still tell accounts apart. */
const VISIBLE_DIGITS = 4;
const DIGIT_RUN = /\d{3,}(?:[ -]\d{3,})*/g;

/**
 * Masks account and card numbers before a message is stored: a transcript is read later by other
 * operators and kept for years, and a bank account or card number typed into the chat must not be
 * readable there. Every digit but the last four becomes "•"; spaces and dashes stay.
 */
export function maskAccountNumbers(text: string): string {
  return text.replace(DIGIT_RUN, (run) => {
    let digitsLeft = run.replace(/\D/g, '').length;
    if (digitsLeft < ACCOUNT_DIGITS_MIN) return run;
    let masked = '';
    for (const character of run) {
      if (!/\d/.test(character)) {
        masked += character;
        continue;
      }
      masked += digitsLeft > VISIBLE_DIGITS ? '•' : character;
      digitsLeft -= 1;
    }
    return masked;
  });
}

/** The text as it is stored: trimmed, or null when nothing is left or it is too long. */
export function normaliseChatText(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || [...trimmed].length > CHAT_TEXT_LENGTH_MAX) return null;
  return trimmed;
}

/**
 * Words of a withdrawal or bank-detail topic, in English and Tagalog as players write them
 * ("withdraw", "mag-withdraw", "cash out", "bangko", "account number", an e-wallet's name).
 */
const MONEY_TOPIC =
  /(with\s?draw|cash\s?-?\s?out|pay\s?-?\s?out|\bbank|bangko|\baccount\s+(?:number|no\b)|\bcard\s+(?:number|no\b)|numero\s+ng\s+(?:account|card)|\bgcash\b|\bmaya\b|\bpaymaya\b|e-?wallet)/i;

/**
 * Whether a customer's message speaks of a withdrawal or bank details, the topics before which
 * the desk asks a member to confirm who they are (docs/chat.md). An account number typed in the
 * message (masked when stored) counts as well.
 */
export function isMoneyTopic(text: string): boolean {
  return MONEY_TOPIC.test(text) || maskAccountNumbers(text) !== text;
}
