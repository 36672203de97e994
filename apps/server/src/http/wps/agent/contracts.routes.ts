import { Type } from 'typebox';
import {
  CONTRACT_PAGE_SIZE_MAX,
  type ContractService,
  type OfferWithAccounts,
  WAITING_OFFERS_MAX,
} from '../../../modules/contract/contract.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../../platform/http/typed.ts';
import { Id, IdParams } from '../../bo/bo-schemas.ts';
import {
  ContractKind,
  ContractPeriod,
  ContractView,
  contractViewOf,
  OfferView,
  offerViewOf,
  type ShowAccount,
  Tiers,
} from '../../contract-views.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import { MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';
import { maskAccount, requireAgent } from './team.routes.ts';

export type AgentContractRoutesDeps = { members: MemberService; contracts: ContractService };

const TAGS = ['agent'];
const PAGE_SIZE_DEFAULT = 20;
const PAGE_NUMBER_MAX = 10_000;

const KindQuery = Type.Object({ ...MerchantLanguageQuery.properties, kind: ContractKind });

const DownlinesQuery = Type.Object({
  ...KindQuery.properties,
  pageNo: Defaulted(Type.Integer({ minimum: 1, maximum: PAGE_NUMBER_MAX, default: 1 })),
  pageSize: Defaulted(
    Type.Integer({ minimum: 1, maximum: CONTRACT_PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  ),
});

/** An offer as its party sees it, with what the caller may do with it. */
const PartyOffer = Type.Object({
  ...OfferView.properties,
  canAccept: Type.Boolean(),
  canReject: Type.Boolean(),
  canCancel: Type.Boolean(),
});

const Overview = Type.Object({
  kind: ContractKind,
  /** The merchant has the kind on and the caller's agent type may hold it. */
  enabled: Type.Boolean(),
  /** The highest rate the caller may offer its downlines: its own; null while it holds none. */
  maxRateBp: Nullable(Type.Integer()),
  /** The period the caller's offers have (a dividend's is the caller's own); null while unknown. */
  period: Type.Union([ContractPeriod, Type.Null()]),
  mine: Type.Union([ContractView, Type.Null()]),
  /** The caller's ended contracts of the kind, newest first (at most 20). */
  history: Type.Array(ContractView),
  /** Pending offers to the caller or from it (at most 50). */
  offers: Type.Array(PartyOffer),
});

/** An offer waiting for the caller's answer, with the caller's own terms of its kind. */
const WaitingOffer = Type.Object({
  ...PartyOffer.properties,
  /**
   * The caller's active contract of the offer's kind, as accepting new terms compares with it (a
   * lower rate or a dividend of another period ends contracts the caller gave below); null: none.
   */
  current: Type.Union([Type.Object({ rateBp: Type.Integer(), period: ContractPeriod }), Type.Null()]),
});

const DownlineRow = Type.Object({
  memberId: Type.String(),
  /** Masked: the first two and last two characters, stars between. */
  account: Type.String(),
  type: Type.Integer(),
  contract: Type.Union([ContractView, Type.Null()]),
  pendingOffer: Type.Union([PartyOffer, Type.Null()]),
});

const OfferBody = Type.Object({
  kind: ContractKind,
  /** A direct downline; the caller itself asks to end its own contract (`terminate`). */
  downlineId: Id,
  type: StringOf(['new', 'terminate'] as const),
  /** New terms: 1 to the template's number of tiers. */
  tiers: Type.Optional(Tiers),
  /** A dividend's period, which must be the caller's own; the salaries' are fixed. */
  period: Type.Optional(ContractPeriod),
});

/**
 * Agent contracts in the agent centre (issue #17, docs/contracts.md "Calls"): the caller's own
 * contracts and offers of a kind, its direct downlines' ones, and offers made and answered. Agent
 * types only (NON_AGENT); a named member must be a direct downline or the caller (FORBIDDEN), an
 * offer the caller is no party to is NOT_FOUND. Accounts but the caller's own are masked.
 */
export function registerAgentContractRoutes(app: TypedApp, deps: AgentContractRoutesDeps): void {
  const { members, contracts } = deps;

  async function requireCaller(request: Parameters<typeof requireAgent>[0]) {
    const { member } = await requireAgent(request, members);
    const caller = {
      id: member.id,
      merchantId: member.merchant_id,
      account: member.account,
      ip: request.ip,
    };
    const show: ShowAccount = (memberId, account) =>
      memberId === member.id ? account : maskAccount(account);
    const partyOfferOf = (offer: OfferWithAccounts) => ({
      ...offerViewOf(offer, show),
      ...contracts.offerActionsOf(member.id, offer),
    });
    return { caller, show, partyOfferOf };
  }

  app.get(
    '/wps/agent/contracts',
    {
      schema: {
        tags: TAGS,
        summary: "The agent's contract of a kind, its past ones, and the offers it is party to",
        querystring: KindQuery,
        response: { 200: Envelope(Overview), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { caller, show, partyOfferOf } = await requireCaller(request);
      const { kind } = request.query;
      const overview = await contracts.overviewOf(caller, kind);
      return ok({
        kind,
        enabled: overview.enabled,
        maxRateBp: overview.maxRateBp,
        period: overview.period,
        mine: overview.mine ? contractViewOf(overview.mine, show) : null,
        history: overview.history.map((contract) => contractViewOf(contract, show)),
        offers: overview.offers.map(partyOfferOf),
      });
    },
  );

  app.get(
    '/wps/agent/contracts/offers/waiting',
    {
      schema: {
        tags: TAGS,
        summary: `The offers waiting for the agent's answer across the kinds switched on, newest first (at most ${WAITING_OFFERS_MAX})`,
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(Type.Object({ list: Type.Array(WaitingOffer, { maxItems: WAITING_OFFERS_MAX }) })),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { caller, partyOfferOf } = await requireCaller(request);
      const waiting = await contracts.waitingOffersOf(caller);
      return ok({
        list: waiting.map(({ offer, current }) => ({
          ...partyOfferOf(offer),
          current: current ? { rateBp: current.rate_bp, period: current.period } : null,
        })),
      });
    },
  );

  app.get(
    '/wps/agent/contracts/downlines',
    {
      schema: {
        tags: TAGS,
        summary: "The agent's direct downline agents that may hold a kind, with their contract and offer",
        querystring: DownlinesQuery,
        response: {
          200: Envelope(Type.Object({ list: Type.Array(DownlineRow), total: Type.Integer() })),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { caller, show, partyOfferOf } = await requireCaller(request);
      const { query } = request;
      const page = await contracts.listDownlines(caller, query.kind, {
        page: query.pageNo,
        pageSize: query.pageSize,
      });
      return ok({
        list: page.list.map((row) => ({
          memberId: row.memberId,
          account: maskAccount(row.account),
          type: row.type,
          contract: row.contract ? contractViewOf(row.contract, show) : null,
          pendingOffer: row.pendingOffer ? partyOfferOf(row.pendingOffer) : null,
        })),
        total: page.total,
      });
    },
  );

  app.post(
    '/wps/agent/contracts/offers',
    {
      schema: {
        tags: TAGS,
        summary: 'Offer a direct downline new terms, or ask to end its contract or your own',
        querystring: MerchantLanguageQuery,
        body: OfferBody,
        response: { 200: Envelope(PartyOffer), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { caller, partyOfferOf } = await requireCaller(request);
      const { body } = request;
      const offer =
        body.type === 'new'
          ? await contracts.createOffer(caller, {
              kind: body.kind,
              downlineId: body.downlineId,
              type: 'new',
              tiers: body.tiers ?? [],
              ...(body.period === undefined ? {} : { period: body.period }),
            })
          : await contracts.createOffer(caller, {
              kind: body.kind,
              downlineId: body.downlineId,
              type: 'terminate',
            });
      return ok(partyOfferOf(offer));
    },
  );

  for (const action of ['accept', 'reject', 'cancel'] as const) {
    app.post(
      `/wps/agent/contracts/offers/:id/${action}`,
      {
        schema: {
          tags: TAGS,
          summary: {
            accept: 'Accept an offer made to you: new terms are signed, a termination ends the contract',
            reject: 'Reject an offer made to you',
            cancel: 'Withdraw an offer you made',
          }[action],
          params: IdParams,
          querystring: MerchantLanguageQuery,
          response: { 200: Envelope(PartyOffer), ...MEMBER_ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { caller, partyOfferOf } = await requireCaller(request);
        const { id } = request.params;
        const offer =
          action === 'accept'
            ? await contracts.acceptOffer(caller, id)
            : action === 'reject'
              ? await contracts.rejectOffer(caller, id)
              : await contracts.cancelOffer(caller, id);
        return ok(partyOfferOf(offer));
      },
    );
  }
}
