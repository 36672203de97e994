import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import { isAgentType } from '../../../modules/member/member.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { type MemberTransferDeps, transferBetweenMembers } from '../../../workflows/member-transfer.ts';
import { requirePositiveAmount } from '../../amount.ts';
import { requireMember, requireMerchantMember } from '../../member-session.ts';
import { sealedCall } from '../sealed-call.ts';
import { ERROR_RESPONSES, Nullable, StringOf } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';

const TAGS = ['member'];
const TransferBody = Type.Object({
  direction: StringOf(['downline', 'upline']),
  account: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  amount: Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16 }),
  paymentPassword: Type.String({ minLength: 1, maxLength: 128 }),
  /** Made once per transfer by the page, so that a retried request moves nothing more. */
  requestId: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});

/**
 * Transfers inside an agent tree (spec §2 transferFund, transferUpline; sealed: it carries the
 * payment password), and who the member's upline is.
 */
export function registerTransferRoutes(app: TypedApp, deps: MemberTransferDeps): void {
  app.get(
    '/wps/member/upline',
    {
      schema: {
        tags: TAGS,
        summary: "The member's direct upline (the agent a transferUpline goes to), if any",
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(Type.Object({ account: Nullable(Type.String()), isAgent: Type.Boolean() })),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { member } = await requireMember(request, deps.members);
      const upline = member.upline_id ? await deps.members.findById(member.upline_id) : undefined;
      return ok({ account: upline?.account ?? null, isAgent: isAgentType(member.type) });
    },
  );

  app.post(
    '/wps/member/transfers',
    sealedCall(
      TAGS,
      "Move cash to someone in the agent's tree, or to one's upline (sealed body)",
      TransferBody,
      Type.Object({ balance: Type.String(), recipient: Type.String(), duplicate: Type.Boolean() }),
    ),
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { body } = request;
      const amountMinor = requirePositiveAmount(body.amount, 'amount');
      const result = await transferBetweenMembers(deps, merchant, member, {
        direction: body.direction as 'downline' | 'upline',
        ...(body.account ? { account: body.account } : {}),
        amountMinor,
        paymentPassword: body.paymentPassword,
        requestId: body.requestId,
      });
      return ok({
        balance: formatAmount(result.balanceMinor),
        recipient: result.recipient.account,
        duplicate: result.duplicate,
      });
    },
  );
}
