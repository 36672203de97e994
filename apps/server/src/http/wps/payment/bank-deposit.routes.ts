import { parseAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type { ResponsibleGamingService } from '../../../modules/responsible-gaming/responsible-gaming.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { multipartBody, readUploadedFile } from '../../../platform/http/upload.ts';
import {
  type BankDepositDeps,
  RECEIPT_BYTES_MAX,
  submitBankDeposit,
} from '../../../workflows/bank-deposit.ts';
import { requireMember } from '../../member-session.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { ERROR_RESPONSES, LanguageQuery, MerchantQuery } from '../system/system-schemas.ts';
import { DepositItem, depositItem } from './payment.routes.ts';

const TAGS = ['payment'];
const Query = Type.Object({ ...MerchantQuery, ...LanguageQuery });
const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
const REFERENCE_PATTERN = /^[A-Za-z0-9 ._/-]{4,64}$/;

/** The form as the document describes it; the handler reads and checks it part by part. */
const BankDepositForm = Type.Object({
  methodId: Type.String({ minLength: 1, maxLength: 64 }),
  amount: Type.String({ pattern: AMOUNT_PATTERN.source, examples: ['500.00'] }),
  reference: Type.String({ pattern: REFERENCE_PATTERN.source }),
  receipt: Type.String({
    format: 'binary',
    description: 'The receipt photo (PNG, JPEG or WebP), after the other fields',
  }),
});

/**
 * A manual bank transfer's deposit (spec §2 depositv2): multipart with the fields methodId,
 * amount and reference, and the receipt photo as the one file (PNG, JPEG or WebP, checked by
 * content). It waits for an operator's review.
 */
export function registerBankDepositRoutes(
  app: TypedApp,
  deps: BankDepositDeps & { members: MemberService; responsibleGaming: ResponsibleGamingService },
): void {
  app.post(
    '/wps/payment/deposits/bank',
    {
      schema: {
        tags: TAGS,
        summary:
          'Submit a bank transfer for review: amount, the transfer reference and a receipt photo (multipart)',
        consumes: ['multipart/form-data'],
        body: multipartBody(BankDepositForm),
        querystring: Query,
        response: { 200: Envelope(DepositItem), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { member } = await requireMember(request, deps.members);
      const upload = await readUploadedFile(request, RECEIPT_BYTES_MAX);
      const fields: Record<string, string> = {};
      const methodId = upload.fields.methodId?.trim() ?? '';
      const amountText = upload.fields.amount?.trim() ?? '';
      const reference = upload.fields.reference?.trim() ?? '';
      if (!methodId || methodId.length > 64) fields.methodId = 'required';
      const amount = AMOUNT_PATTERN.test(amountText) ? parseAmount(amountText) : null;
      if (!amount?.ok || amount.minor <= 0n) fields.amount = 'amount';
      if (!REFERENCE_PATTERN.test(reference)) fields.reference = 'format';
      if (Object.keys(fields).length > 0 || !amount?.ok)
        throw new AppError('VALIDATION', { value: { fields } });
      const deposit = await submitBankDeposit(deps, merchant, member, {
        methodId,
        amountMinor: amount.minor,
        reference,
        receipt: upload.data,
      });
      return ok(depositItem(deposit));
    },
  );
}
