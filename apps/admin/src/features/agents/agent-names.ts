import { labelOfCode, MEMBER_TYPE_LABELS } from '../../lib/labels.ts';

/** The contract kinds an agent type may hold, in the order the editor lists them. */
export const CONTRACT_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;

/**
 * What operators call an agent type: the merchant's English name for it ("Sub-agent"), else its
 * Tagalog one, else the generic name of the member type; never the bare number.
 */
export function agentTypeNameOf(
  types: readonly { type: number; names: Record<string, string> }[],
  code: number,
): string {
  const names = types.find((type) => type.type === code)?.names;
  return names?.EN || names?.TY || labelOfCode(MEMBER_TYPE_LABELS, code);
}

/** Whether a text is an invitation code the server takes: 4 to 16 letters and digits. */
export function isInvitationCode(text: string): boolean {
  return /^[A-Za-z0-9]{4,16}$/.test(text);
}
