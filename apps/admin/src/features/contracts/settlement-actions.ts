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
      "Pays it now, as the cycle would have: from the house for a top-level agent, else from the upline's amount and cash. If the upline cannot cover it, it waits for an operator again.",
    done: 'Approved.',
  },
  'pay-from-house': {
    label: 'Pay from house',
    tone: 'primary',
    effect: "Pays the whole amount from the merchant's house account; the upline pays nothing.",
    done: 'Paid from the house.',
  },
  defer: {
    label: 'Defer',
    tone: 'danger',
    effect: 'Leaves it unpaid for now, marked deferred; nothing moves.',
    done: 'Deferred.',
  },
  cancel: {
    label: 'Cancel',
    tone: 'danger',
    effect: 'Nothing is ever paid for this contract and cycle; the agent keeps the record.',
    done: 'Cancelled.',
  },
};

/**
 * The actions a settlement's status allows: one waiting for approval (above the merchant's amount)
 * is approved, deferred or cancelled; one waiting because its upline's cash is short is paid from the
 * house, deferred or cancelled; a settled, deferred or cancelled one has none — never a half payment.
 */
export function actionsOf(status: string): SettlementAction[] {
  switch (status) {
    case 'approval':
      return ['approve', 'defer', 'cancel'];
    case 'processing':
      return ['pay-from-house', 'defer', 'cancel'];
    default:
      return [];
  }
}
