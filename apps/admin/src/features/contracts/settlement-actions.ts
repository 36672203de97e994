/** What an operator may do to a settlement waiting for one (docs/contracts.md "Payment"). */
export type SettlementAction = 'approve' | 'pay-from-house' | 'defer' | 'cancel';

/** An action's button and what it does, for the confirmation. */
export const SETTLEMENT_ACTIONS: Record<
  SettlementAction,
  { label: string; tone: 'primary' | 'danger'; effect: string; done: string }
> = {
  approve: {
    label: 'Approve',
    tone: 'primary',
    effect:
      "Pays it from its payer: the house for a top-level agent, else the upline's cash. If the upline is still short, it waits as processing and the upline is told.",
    done: 'approved.',
  },
  'pay-from-house': {
    label: 'Pay from house',
    tone: 'primary',
    effect: "Pays the whole amount from the merchant's house account; the upline pays nothing.",
    done: 'paid from the house.',
  },
  defer: {
    label: 'Defer',
    tone: 'danger',
    effect:
      'Sets it aside unpaid; nothing moves. It can be approved, paid from the house or cancelled later.',
    done: 'deferred.',
  },
  cancel: {
    label: 'Cancel',
    tone: 'danger',
    effect: 'Nothing is ever paid for this contract and cycle; the agent keeps the record.',
    done: 'cancelled.',
  },
};

/**
 * The actions a settlement's status allows, as the server takes them: one waiting for approval
 * (above the merchant's amount) may be approved, paid from the house, deferred or cancelled; one
 * waiting because its upline's cash is short may be paid from the house, deferred or cancelled; a
 * deferred one may be approved, paid from the house or cancelled; a paid or cancelled one has none.
 * Never a half payment.
 */
export function actionsOf(status: string): SettlementAction[] {
  switch (status) {
    case 'approval':
      return ['approve', 'pay-from-house', 'defer', 'cancel'];
    case 'processing':
      return ['pay-from-house', 'defer', 'cancel'];
    case 'deferred':
      return ['approve', 'pay-from-house', 'cancel'];
    default:
      return [];
  }
}
