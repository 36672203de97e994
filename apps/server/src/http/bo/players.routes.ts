import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import {
  type MemberAdminService,
  PLAYER_PAGE_SIZE_MAX,
  SEARCH_FIELDS,
} from '../../modules/member/member-admin.service.ts';
import { TRANSFER_PAGE_SIZE_MAX, type WalletService } from '../../modules/wallet/wallet.service.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { VendorTransfers } from '../../workflows/vendor-transfer.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import { toStatementLine } from '../wps/wallet/statement.routes.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  IdParams,
  MerchantIdField,
  PageQueryFields,
} from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute } from './scoped-route.ts';

export type PlayersRoutesDeps = {
  memberAdmin: MemberAdminService;
  wallet: WalletService;
  realtime: Realtime;
  vendorTransfers: VendorTransfers;
};

const TAGS = ['back office: players'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 25;

/** The page a player list asks for: the first, of PAGE_SIZE_DEFAULT rows, unless it names another. */
function pagingOf(query: { page?: number; pageSize?: number }) {
  return { page: query.page ?? 1, pageSize: query.pageSize ?? PAGE_SIZE_DEFAULT };
}

const SearchQuery = Type.Object({
  merchantId: MerchantIdField,
  field: Type.Optional(StringOf(SEARCH_FIELDS)),
  text: Type.Optional(Type.String({ maxLength: 64 })),
  ...PageQueryFields(PLAYER_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

const PlayerRow = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  account: Type.String(),
  type: Type.Integer(),
  status: Type.String(),
  realName: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  registerIp: Nullable(Type.String()),
  lastLoginAt: Nullable(Type.String()),
  createdAt: Type.String(),
});

/** The player page: the search row's fields and the rest of the profile, the latest sessions and sign-ins. */
const PlayerPage = Type.Object({
  currency: Type.String(),
  profile: Type.Object({
    ...PlayerRow.properties,
    nickname: Nullable(Type.String()),
    email: Nullable(Type.String()),
    emailVerified: Type.Boolean(),
    mobileVerified: Type.Boolean(),
    birthday: Nullable(Type.String()),
    totpEnabled: Type.Boolean(),
    mustChangePassword: Type.Boolean(),
    registerMethod: Nullable(Type.String()),
    referralCode: Type.String(),
  }),
  sessions: Type.Array(
    Type.Object({
      id: Type.String(),
      method: Type.String(),
      ip: Nullable(Type.String()),
      userAgent: Nullable(Type.String()),
      createdAt: Type.String(),
      lastSeenAt: Type.String(),
      endedAt: Nullable(Type.String()),
      endReason: Nullable(Type.String()),
      isLive: Type.Boolean(),
    }),
  ),
  /** The member's profile changes (docs/security.md "Profile"), newest first. */
  profileChanges: Type.Array(
    Type.Object({
      id: Type.String(),
      field: Type.String(),
      before: Nullable(Type.String()),
      after: Nullable(Type.String()),
      actorType: StringOf(['member', 'operator'] as const),
      at: Type.String(),
    }),
  ),
  logins: Type.Array(
    Type.Object({
      id: Type.String(),
      method: Type.String(),
      ip: Type.String(),
      country: Nullable(Type.String()),
      userAgent: Nullable(Type.String()),
      at: Type.String(),
    }),
  ),
  balances: Type.Object({ cash: Type.String(), bonus: Type.String() }),
});

const OutboxMessage = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  channel: StringOf(['sms', 'email']),
  destination: Type.String(),
  purpose: Type.String(),
  subject: Nullable(Type.String()),
  body: Type.String(),
  provider: Type.String(),
  status: StringOf(['stored', 'sent', 'failed']),
  error: Nullable(Type.String()),
  createdAt: Type.String(),
});

const LedgerQuery = Type.Object(PageQueryFields(TRANSFER_PAGE_SIZE_MAX, PAGE_NUMBER_MAX));

const LedgerLine = Type.Object({
  id: Type.String(),
  code: Type.String(),
  reference: Nullable(Type.String()),
  wallet: Type.String(),
  amount: Type.String(),
  balanceAfter: Type.String(),
  createdAt: Type.String(),
});

const OutboxQuery = Type.Object({
  merchantId: MerchantIdField,
  channel: Type.Optional(StringOf(['sms', 'email'])),
  destination: Type.Optional(Type.String({ maxLength: 120 })),
  ...PageQueryFields(PLAYER_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

/** Players: search, the player page with money, locks, sessions, temporary passwords; the outbox. */
export function registerPlayersRoutes(app: TypedApp, deps: PlayersRoutesDeps): void {
  const { memberAdmin, wallet, realtime } = deps;
  const findMerchant = memberAdmin.findMerchantOf;

  app.get(
    '/bo/players',
    {
      ...merchantScopedRoute('players.read'),
      schema: {
        tags: TAGS,
        summary: 'Search players by account, mobile, IP (registration or any sign-in) or real name',
        querystring: SearchQuery,
        response: { 200: Envelope(CountedPageOf(PlayerRow)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const scope = await readMerchantScope(request);
      return ok(
        await memberAdmin.search({
          scope,
          field: query.field ?? 'account',
          text: query.text ?? '',
          ...pagingOf(query),
        }),
      );
    },
  );

  app.get(
    '/bo/players/:id',
    {
      ...resourceRoute('players.read', findMerchant),
      schema: {
        tags: TAGS,
        summary: 'The player page: profile, status, sessions, sign-ins, profile changes and balances',
        params: IdParams,
        response: { 200: Envelope(PlayerPage), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const player = await memberAdmin.readPlayer(id);
      const balances = await wallet.getBalances({
        merchantId: player.profile.merchantId,
        memberId: id,
        currency: player.currency,
      });
      return ok({
        ...player,
        balances: { cash: formatAmount(balances.cashMinor), bonus: formatAmount(balances.bonusMinor) },
      });
    },
  );

  app.get(
    '/bo/players/:id/vendor-transfers',
    {
      ...resourceRoute('players.read', findMerchant),
      schema: {
        tags: TAGS,
        summary:
          "The player's moves to and from transfer-wallet vendors, pending first: a pending one the settling job gave up on waits for an operator",
        params: IdParams,
        response: {
          200: Envelope(
            Type.Object({
              list: Type.Array(
                Type.Object({
                  id: Type.String(),
                  vassalage: Type.String(),
                  direction: StringOf(['in', 'out']),
                  amount: Type.String(),
                  status: StringOf(['pending', 'done', 'failed']),
                  failureCode: Nullable(Type.String()),
                  attempts: Type.Integer(),
                  createdAt: Type.String(),
                  settledAt: Nullable(Type.String()),
                }),
                { maxItems: 50 },
              ),
            }),
          ),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await memberAdmin.readPlayer(id);
      const rows = await deps.vendorTransfers.listOfMember(id);
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          vassalage: row.vassalage,
          direction: row.direction,
          amount: formatAmount(BigInt(row.amount_minor)),
          status: row.status,
          failureCode: row.failure_code,
          attempts: row.attempts,
          createdAt: row.created_at.toISOString(),
          settledAt: row.settled_at?.toISOString() ?? null,
        })),
      });
    },
  );

  app.get(
    '/bo/players/:id/ledger',
    {
      ...resourceRoute('players.read', findMerchant),
      schema: {
        tags: TAGS,
        summary: "The player's ledger lines (cash and bonus), newest first",
        params: IdParams,
        querystring: LedgerQuery,
        response: { 200: Envelope(CountedPageOf(LedgerLine)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { query } = request;
      const player = await memberAdmin.readPlayer(id);
      const page = await wallet.listTransfers({
        merchantId: player.profile.merchantId,
        memberId: id,
        currency: player.currency,
        ...pagingOf(query),
      });
      return ok({
        list: page.list.map(toStatementLine),
        total: page.total,
        totalPages: page.totalPages,
      });
    },
  );

  const actions = [
    {
      path: 'lock',
      summary: "Lock a player: every session ends at once and the player's open pages are logged out",
      run: memberAdmin.lock,
      kick: true,
    },
    { path: 'unlock', summary: 'Let a locked player sign in again', run: memberAdmin.unlock, kick: false },
    {
      path: 'sessions/end',
      summary: "End all of a player's sessions (their open pages are logged out)",
      run: memberAdmin.endSessions,
      kick: true,
    },
  ] as const;
  for (const action of actions) {
    app.post(
      `/bo/players/:id/${action.path}`,
      {
        ...resourceRoute('players.write', findMerchant),
        schema: {
          tags: TAGS,
          summary: action.summary,
          params: IdParams,
          response: { 200: Envelope(Type.Object({ endedSessions: Type.Integer() })), ...BO_ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { id } = request.params;
        const result = await action.run((await readOperator(request)).actor, id);
        // After the commit: the sockets of every node close with the reason (API.md "kick").
        if (action.kick)
          realtime.disconnectUser(id, action.path === 'lock' ? 'ACCOUNT_LOCKED' : 'NOT_LOGGED_IN');
        return ok(result);
      },
    );
  }

  app.post(
    '/bo/players/:id/password/reset',
    {
      ...resourceRoute('players.write', findMerchant),
      schema: {
        tags: TAGS,
        summary: 'Give a player a temporary password (shown once) that the next sign-in must replace',
        params: IdParams,
        response: {
          200: Envelope(Type.Object({ temporaryPassword: Type.String(), endedSessions: Type.Integer() })),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const result = await memberAdmin.resetPassword((await readOperator(request)).actor, id);
      realtime.disconnectUser(id, 'NOT_LOGGED_IN');
      return ok(result);
    },
  );

  app.get(
    '/bo/outbox',
    {
      ...merchantScopedRoute('players.read'),
      schema: {
        tags: TAGS,
        summary: 'SMS and email messages sent to players, newest first',
        querystring: OutboxQuery,
        response: { 200: Envelope(CountedPageOf(OutboxMessage)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const scope = await readMerchantScope(request);
      return ok(
        await memberAdmin.listOutbox({
          scope,
          channel: query.channel,
          destination: query.destination,
          ...pagingOf(query),
        }),
      );
    },
  );
}
