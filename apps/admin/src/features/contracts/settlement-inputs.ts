/**
 * A settlement's frozen inputs (the team's figures, carries and late differences it was computed
 * from) as lines operators read. The names the settlement writes are labelled here; a name added on
 * the server later is still shown, its words spelt from its camelCase, so that no input is hidden.
 */

const INPUT_LABELS: Readonly<Record<string, string>> = {
  activeMembers: 'Active members',
  validBet: 'Team valid bet',
  stake: 'Team stake',
  win: 'Team payout',
  pnl: 'Team profit and loss',
  profitLoss: 'Team profit and loss',
  rewards: 'Rewards to the team',
  carryIn: 'Carried in',
  carryInBase: 'Base carried in',
  accruedIn: 'Amount accrued before',
  lateDifference: 'Late difference',
  lateValidBet: 'Late valid bet',
  lateStake: 'Late stake',
  lateWin: 'Late payout',
  activeMemberMinValidBet: 'Valid bet that makes a member active',
  contractVersion: 'Contract version',
  base: 'Base',
  earned: 'Earned',
  amount: 'Amount',
  carryOut: 'Carried out',
};

/** "lateValidBet" → "Late valid bet". */
export function wordsOfName(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A frozen value as text: numbers and decimal strings as they came, nested objects flattened. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

/**
 * The inputs as `[label, value]` lines, in the order the settlement wrote them; an object inside
 * (the late differences, a carry) becomes one line a field, its label prefixed by the object's.
 */
export function inputLinesOf(inputs: Readonly<Record<string, unknown>>): [string, string][] {
  const lines: [string, string][] = [];
  for (const [name, value] of Object.entries(inputs)) {
    const label = INPUT_LABELS[name] ?? wordsOfName(name);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value as Record<string, unknown>)) {
        lines.push([
          `${label}: ${(INPUT_LABELS[inner] ?? wordsOfName(inner)).toLowerCase()}`,
          textOf(innerValue),
        ]);
      }
    } else {
      lines.push([label, textOf(value)]);
    }
  }
  return lines;
}
