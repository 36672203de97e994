import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/errors.ts';
import type { ImageStore } from '../../platform/storage/image-store.ts';
import { type OperatorContext, readOperator, resolveMerchantScope } from './operator-session.ts';

/** A queue's page size when the request names none. */
const REVIEW_PAGE_SIZE_DEFAULT = 20;

/**
 * What a finance route names by `:id` (a deposit, a withdrawal, a player), with the operator who
 * acts on it. One of another merchant is NOT_FOUND, exactly like one that does not exist, so that
 * another merchant's staff learn nothing about it.
 */
export async function findInScope<Row extends { merchant_id: string }>(
  request: FastifyRequest & { params: { id: string } },
  find: (id: string) => Promise<Row | null | undefined>,
): Promise<{ context: OperatorContext; row: Row }> {
  const context = await readOperator(request);
  const row = await find(request.params.id);
  const { scope } = resolveMerchantScope(context, undefined);
  if (!row || (scope !== null && !scope.includes(row.merchant_id))) throw new AppError('NOT_FOUND');
  return { context, row };
}

/**
 * The page of a review queue a request asks for, of the merchants the operator may see (or the one
 * it names): the items as the page shows them, their total and the page count.
 */
export async function readQueuePage<Row, View>(
  request: FastifyRequest,
  query: { merchantId?: string; page?: number; pageSize?: number },
  list: (paging: { merchantIds: readonly string[] | null; page: number; pageSize: number }) => Promise<{
    rows: Row[];
    total: number;
  }>,
  view: (row: Row) => Promise<View>,
) {
  const { scope } = resolveMerchantScope(await readOperator(request), query.merchantId);
  const pageSize = query.pageSize ?? REVIEW_PAGE_SIZE_DEFAULT;
  const page = await list({ merchantIds: scope, page: query.page ?? 1, pageSize });
  return {
    list: await Promise.all(page.rows.map(view)),
    total: page.total,
    totalPages: Math.ceil(page.total / pageSize),
  };
}

/**
 * A photo a member sent for review (a deposit's receipt, the proof that a payout did not arrive),
 * re-encoded as WebP when stored: private, never cached, never sniffed as another type.
 */
export async function sendReviewPhoto(
  reply: FastifyReply,
  images: ImageStore,
  path: string | null,
): Promise<FastifyReply> {
  const image = path ? await images.read(path) : null;
  if (!image) throw new AppError('NOT_FOUND');
  return reply
    .header('content-type', 'image/webp')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(image);
}
