import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CONTRACT_PAGE_SIZE_MAX,
  CONTRACT_VERSIONS_MAX,
  CONTRACTS_BELOW_MAX,
  type ContractService,
  END_REASON_LENGTH_MAX,
  type TemplateRow,
} from '../../modules/contract/contract.service.ts';
import { tiersOf } from '../../modules/contract/contract-formulas.ts';
import { RATE_BP_MAX, TIERS_MAX, wireTierOf } from '../../modules/contract/contract-terms.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { present } from '../../platform/errors/invariant.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import {
  ContractKind,
  ContractPeriod,
  ContractView,
  contractViewOf,
  DividendPeriod,
  OfferView,
  offerViewOf,
  type ShowAccount,
  Tiers,
} from '../contract-views.ts';
import { StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  Id,
  IdParams,
  isWellFormedId,
  MerchantIdField,
  MerchantScopeQuery,
  PageQueryFields,
} from './bo-schemas.ts';
import { operatorRoute, readOperator } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type ContractsRoutesDeps = { contracts: ContractService };

const TAGS = ['back office: agents'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 25;
const ACCOUNT_LENGTH_MAX = 64;

/** Operators read accounts as they are. */
const asIs: ShowAccount = (_memberId, account) => account;

const TemplateView = Type.Object({
  kind: ContractKind,
  /** The highest rate the platform may give a top-level agent. */
  maxRateBp: Type.Integer(),
  maxTiers: Type.Integer(),
  defaultTiers: Tiers,
  /** A dividend's period when the platform's offer names none; null for the salaries. */
  defaultPeriod: Type.Union([DividendPeriod, Type.Null()]),
  updatedAt: Type.String(),
});

const ContractDetail = Type.Object({
  contract: ContractView,
  /** Every version of the downline's terms of the kind, this one included, newest first. */
  versions: Type.Array(ContractView, { maxItems: CONTRACT_VERSIONS_MAX }),
  /** The active contracts of the kind the downline pays its own downlines, by account. */
  below: Type.Array(ContractView, { maxItems: CONTRACTS_BELOW_MAX }),
  /** How many contracts it pays below in all (more than `below` lists when above its limit). */
  belowTotal: Type.Integer(),
});

const TemplateBody = Type.Object({
  merchantId: MerchantIdField,
  maxRateBp: Type.Integer({ minimum: 0, maximum: RATE_BP_MAX }),
  maxTiers: Type.Integer({ minimum: 1, maximum: TIERS_MAX }),
  defaultTiers: Tiers,
  defaultPeriod: Type.Union([DividendPeriod, Type.Null()]),
});

const ContractListQuery = Type.Object({
  merchantId: MerchantIdField,
  kind: Type.Optional(ContractKind),
  status: Type.Optional(StringOf(['active', 'ended'] as const)),
  /** A whole account name (any case): the contract's downline or upline. */
  account: Type.Optional(Type.String({ maxLength: ACCOUNT_LENGTH_MAX })),
  ...PageQueryFields(CONTRACT_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

const OfferListQuery = Type.Object({
  merchantId: MerchantIdField,
  kind: Type.Optional(ContractKind),
  status: Type.Optional(StringOf(['pending', 'accepted', 'rejected', 'expired', 'cancelled'] as const)),
  ...PageQueryFields(CONTRACT_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

const PlatformOfferBody = Type.Object({
  /** A top-level agent (no upline). */
  downlineId: Id,
  kind: ContractKind,
  tiers: Tiers,
  /** A dividend's period; the template's default when left out. */
  period: Type.Optional(ContractPeriod),
});

const EndBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: END_REASON_LENGTH_MAX }) });

/**
 * Route options for a change to the member a body names (`downlineId`): a member of another
 * merchant answers NOT_FOUND, like one that does not exist (as resourceRoute does for `:id`).
 */
function memberRoute(
  permission: 'players.write',
  findMerchantIdOf: (id: string) => Promise<string | undefined>,
) {
  return {
    ...operatorRoute(permission),
    preValidation: async (request: FastifyRequest) => {
      const { downlineId } = (request.body ?? {}) as { downlineId?: unknown };
      const context = await readOperator(request);
      const merchantId =
        typeof downlineId === 'string' && isWellFormedId(downlineId)
          ? await findMerchantIdOf(downlineId)
          : undefined;
      const own = context.operator.merchant_id;
      if (!merchantId || (own !== null && own !== merchantId)) throw new AppError('NOT_FOUND');
    },
  };
}

function templateViewOf(row: TemplateRow) {
  return {
    kind: row.kind,
    maxRateBp: row.max_rate_bp,
    maxTiers: row.max_tiers,
    defaultTiers: tiersOf(row.default_tiers).map(wireTierOf),
    defaultPeriod: row.default_period,
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Agent contracts in the back office (issue #17, docs/contracts.md "Calls"): the merchant's
 * templates (settings.write to change), every contract and offer (players.read), the platform's
 * offer to a top-level agent, withdrawing an offer and ending a contract (players.write). Each
 * change is audited; a contract or offer of another merchant is NOT_FOUND.
 */
export function registerContractsRoutes(app: TypedApp, deps: ContractsRoutesDeps): void {
  const { contracts } = deps;

  app.get(
    '/bo/contract-templates',
    {
      ...merchantScopedRoute('players.read'),
      schema: {
        tags: TAGS,
        summary: "The merchant's contract template of each kind: highest rate, tiers, defaults",
        querystring: MerchantScopeQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(TemplateView) })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const templates = await contracts.listTemplates(await targetMerchantOf(request));
      return ok({ list: templates.map(templateViewOf) });
    },
  );

  app.put(
    '/bo/contract-templates/:kind',
    {
      ...merchantScopedRoute('settings.write'),
      schema: {
        tags: TAGS,
        summary: "Change a kind's template; contracts already signed keep their terms",
        params: Type.Object({ kind: ContractKind }),
        body: TemplateBody,
        response: { 200: Envelope(TemplateView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { body } = request;
      const updated = await contracts.updateTemplate(
        (await readOperator(request)).actor,
        await targetMerchantOf(request),
        request.params.kind,
        {
          maxRateBp: body.maxRateBp,
          maxTiers: body.maxTiers,
          defaultTiers: body.defaultTiers,
          defaultPeriod: body.defaultPeriod,
        },
      );
      return ok(templateViewOf(updated));
    },
  );

  app.get(
    '/bo/contracts',
    {
      ...merchantScopedRoute('players.read'),
      schema: {
        tags: TAGS,
        summary: 'Agent contracts, newest signature first, by kind, status and account',
        querystring: ContractListQuery,
        response: { 200: Envelope(CountedPageOf(ContractView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const { rows, total } = await contracts.listContracts({
        merchantIds: await readMerchantScope(request),
        kind: query.kind ?? null,
        status: query.status ?? null,
        account: query.account ?? '',
        page: query.page ?? 1,
        pageSize,
      });
      return ok({
        list: rows.map((row) => contractViewOf(row, asIs)),
        total,
        totalPages: Math.ceil(total / pageSize),
      });
    },
  );

  app.get(
    '/bo/contracts/:id',
    {
      ...resourceRoute('players.read', contracts.findContractMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'One agent contract, with its versions and the active contracts its agent pays below',
        params: IdParams,
        response: { 200: Envelope(ContractDetail), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const detail = present(await contracts.contractDetail(request.params.id), 'resourceRoute found it');
      return ok({
        contract: contractViewOf(detail.contract, asIs),
        versions: detail.versions.map((row) => contractViewOf(row, asIs)),
        below: detail.below.map((row) => contractViewOf(row, asIs)),
        belowTotal: detail.belowTotal,
      });
    },
  );

  app.post(
    '/bo/contracts/:id/end',
    {
      ...resourceRoute('players.write', contracts.findContractMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'End an active contract, with a reason; both sides are told',
        params: IdParams,
        body: EndBody,
        response: { 200: Envelope(ContractView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const ended = await contracts.endContractAsOperator(
        (await readOperator(request)).actor,
        request.params.id,
        request.body.reason.trim(),
      );
      return ok(contractViewOf(ended, asIs));
    },
  );

  app.get(
    '/bo/contract-offers',
    {
      ...merchantScopedRoute('players.read'),
      schema: {
        tags: TAGS,
        summary: 'Contract offers, newest first, by kind and status',
        querystring: OfferListQuery,
        response: { 200: Envelope(CountedPageOf(OfferView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const { rows, total } = await contracts.listOffers({
        merchantIds: await readMerchantScope(request),
        kind: query.kind ?? null,
        status: query.status ?? null,
        page: query.page ?? 1,
        pageSize,
      });
      return ok({
        list: rows.map((row) => offerViewOf(row, asIs)),
        total,
        totalPages: Math.ceil(total / pageSize),
      });
    },
  );

  app.post(
    '/bo/contract-offers',
    {
      ...memberRoute('players.write', contracts.findMemberMerchantOf),
      schema: {
        tags: TAGS,
        summary:
          "The platform's offer of a contract to a top-level agent, within the template's highest rate",
        body: PlatformOfferBody,
        response: { 200: Envelope(OfferView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { body } = request;
      const offer = await contracts.offerFromPlatform((await readOperator(request)).actor, {
        downlineId: body.downlineId,
        kind: body.kind,
        tiers: body.tiers,
        ...(body.period === undefined ? {} : { period: body.period }),
      });
      return ok(offerViewOf(offer, asIs));
    },
  );

  app.post(
    '/bo/contract-offers/:id/cancel',
    {
      ...resourceRoute('players.write', contracts.findOfferMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'Withdraw a pending offer',
        params: IdParams,
        response: { 200: Envelope(OfferView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const offer = await contracts.cancelOfferAsOperator(
        (await readOperator(request)).actor,
        request.params.id,
      );
      return ok(offerViewOf(offer, asIs));
    },
  );
}
