import { formatAmount } from '@panalo/money/amount.ts';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import type { GameService } from '../../../modules/game/game.service.ts';
import { describePaytable, HOUSE_GAME_CODES } from '../../../modules/house-rounds/house-games.ts';
import {
  type HouseRoundsService,
  RECORDS_PAGE_SIZE_MAX,
} from '../../../modules/house-rounds/house-rounds.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { nextDayOf, startOfDateIn } from '../../../modules/wallet/wallet.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type {
  HouseGames,
  HouseTable,
  RoundAnswer,
  RoundView,
  TableState,
} from '../../../workflows/house-games/house-games.ts';
import { requireMember } from '../../member-session.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import {
  DayRangeFields,
  DefaultedPageFields,
  MEMBER_ERROR_RESPONSES,
  MerchantLanguageQuery,
  PageOf,
} from '../wps-schemas.ts';
import { gameNameIn } from './game-items.ts';

export type HouseRoutesDeps = {
  houseGames: HouseGames;
  houseRounds: HouseRoundsService;
  games: GameService;
  members: MemberService;
};

const TAGS = ['game'];
/** The game client's credential: the launch token of a real-mode launch, or a demo token. */
const GAME_TOKEN_HEADER = 'x-game-token';
const Amount = Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16, examples: ['10.00'] });
const MONEY_PATTERN = '^\\d+\\.\\d{2}$';
const Money = Type.String({ pattern: MONEY_PATTERN, examples: ['1250.00'] });
const MoneyAs = (description: string) =>
  Type.String({ pattern: MONEY_PATTERN, examples: ['1250.00'], description });
const GameCode = StringOf(HOUSE_GAME_CODES);
const RequestId = Type.String({
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Chosen by the client; a retry sends the same id',
});
const ClientSeed = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', maxLength: 64 });
const GameTokenHeaders = Type.Object({
  [GAME_TOKEN_HEADER]: Type.String({ minLength: 1, maxLength: 100, description: 'The launch or demo token' }),
});

const CommitmentVersion = Type.Union([Type.Literal(1), Type.Literal(2)], {
  description:
    'How serverSeedHash was computed: 2, sha256 over the server seed’s 64-character hex text (GAMES.md); 1, over the 32 bytes it spells (pairs committed before version 2)',
});
const Seeds = Type.Object({
  serverSeedHash: Type.String({ description: 'sha256 of the active server seed' }),
  commitmentVersion: CommitmentVersion,
  clientSeed: Type.String(),
  nonce: Type.Integer({ description: 'The next round’s nonce' }),
});
const RevealedSeeds = Type.Object({
  serverSeed: Type.String(),
  serverSeedHash: Type.String(),
  commitmentVersion: CommitmentVersion,
  clientSeed: Type.String(),
  nonce: Type.Integer({ description: 'Rounds played with the pair' }),
});
const Round = Type.Object({
  roundId: Type.String(),
  gameCode: GameCode,
  status: StringOf(['open', 'settled', 'rolled_back']),
  stake: Money,
  win: Money,
  balanceBefore: Nullable(Money),
  balanceAfter: Nullable(Money),
  serverSeedHash: Type.String(),
  commitmentVersion: CommitmentVersion,
  clientSeed: Type.String(),
  nonce: Type.Integer(),
  serverSeed: Nullable(Type.String({ description: 'Only once the seed pair has been rotated' })),
  winCap: Nullable(
    Type.String({
      pattern: '^\\d+\\.\\d{2}$',
      description:
        'The maximum win the win was cut to (an operator lowered it while the round was open); null when the win is exactly the payout the seeds give',
    }),
  ),
  outcome: Type.Unknown({
    description: 'The engine outcome as the game shows it; bigints as {"$bigint": "…"}',
  }),
  played: Type.Unknown({ description: 'The verifier’s input: the bet and the actions taken' }),
  actions: Type.Array(Type.String(), { description: 'Actions allowed now (an open round)' }),
  openedAt: Type.String({ format: 'date-time' }),
  settledAt: Nullable(Type.String({ format: 'date-time' })),
});
const Table = Type.Object({
  mode: StringOf(['real', 'demo']),
  token: Type.String({ description: 'Send it as X-Game-Token on every call' }),
  gameCode: GameCode,
  gameName: Type.String(),
  names: Type.Record(Type.String(), Type.String()),
  limits: Type.Object({ minStake: Money, maxStake: Money, maxWin: Money }),
  rtp: Type.String({ examples: ['99.00'] }),
  paytable: Type.Array(
    Type.Object({ bet: Type.String(), pays: Type.String(), rtp: Nullable(Type.String()) }),
  ),
  balance: MoneyAs('The member’s cash (play money in demo)'),
  bonusBalance: MoneyAs(
    'The member’s bonus wallet, which our games stake once cash runs short: the client shows balance + bonusBalance as what can be staked ("0.00" in demo)',
  ),
  currencySymbol: Type.String(),
  seeds: Seeds,
  round: Type.Union([Round, Type.Null()]),
});
/** A bet's or an action's answer: the round and the member's balances after it. */
const RoundAnswerBody = Type.Object({
  round: Round,
  balance: MoneyAs('The member’s cash after the round'),
  bonusBalance: Nullable(
    MoneyAs(
      'The member’s bonus wallet after the round, of the same moment as balance; null when the round staked and paid cash only and it was not read (the one the client holds still stands)',
    ),
  ),
});

const OpenBody = Type.Object(
  {
    mode: StringOf(['real', 'demo']),
    token: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    gameCode: Type.Optional(GameCode),
  },
  { additionalProperties: false },
);
const TableBet = Type.Object(
  {
    kind: Type.Optional(Type.String({ maxLength: 16 })),
    face: Type.Optional(Type.String({ maxLength: 16 })),
    numbers: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 36 }), { maxItems: 6 })),
    index: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
    number: Type.Optional(Type.Integer({ minimum: 1, maximum: 6 })),
    total: Type.Optional(Type.Integer({ minimum: 4, maximum: 17 })),
    stake: Amount,
  },
  { additionalProperties: false },
);
const BetBody = Type.Object(
  {
    requestId: RequestId,
    stake: Type.Optional(Amount),
    lineStake: Type.Optional(Amount),
    direction: Type.Optional(StringOf(['under', 'over'])),
    target: Type.Optional(Type.String({ pattern: '^\\d{1,2}(\\.\\d{1,2})?$', maxLength: 5 })),
    mineCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 })),
    bets: Type.Optional(Type.Array(TableBet, { minItems: 1, maxItems: 200 })),
  },
  { additionalProperties: false },
);
const ActionBody = Type.Object(
  {
    roundId: Type.String({ minLength: 1, maxLength: 100 }),
    type: StringOf(['pick', 'cash-out', 'hit', 'stand', 'double', 'split', 'insure', 'decline-insurance']),
    tile: Type.Optional(Type.Integer({ minimum: 0, maximum: 24 })),
  },
  { additionalProperties: false },
);
const ClientSeedBody = Type.Object({ clientSeed: ClientSeed }, { additionalProperties: false });
const RotateBody = Type.Object({ clientSeed: Type.Optional(ClientSeed) }, { additionalProperties: false });
const RecordsQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  gameCode: Type.Optional(GameCode),
  ...DayRangeFields,
  ...DefaultedPageFields(RECORDS_PAGE_SIZE_MAX, 10),
});
const RecordItem = Type.Object({
  roundId: Type.String(),
  gameCode: Type.String(),
  gameName: Type.String(),
  status: StringOf(['open', 'settled', 'rolled_back']),
  stake: Money,
  win: Money,
  nonce: Type.Integer(),
  openedAt: Type.String({ format: 'date-time' }),
});

function toRoundAnswer(answer: RoundAnswer) {
  return {
    round: toRound(answer.round),
    balance: formatAmount(answer.balanceMinor),
    bonusBalance: answer.bonusBalanceMinor === null ? null : formatAmount(answer.bonusBalanceMinor),
  };
}

function toRound(view: RoundView) {
  return {
    roundId: view.roundId,
    gameCode: view.gameCode,
    status: view.status,
    stake: formatAmount(view.stakeMinor),
    win: formatAmount(view.winMinor),
    balanceBefore: view.balanceBeforeMinor === null ? null : formatAmount(view.balanceBeforeMinor),
    balanceAfter: view.balanceAfterMinor === null ? null : formatAmount(view.balanceAfterMinor),
    serverSeedHash: view.serverSeedHash,
    commitmentVersion: view.commitmentVersion,
    clientSeed: view.clientSeed,
    nonce: view.nonce,
    serverSeed: view.serverSeed,
    winCap: view.winCapMinor === null ? null : formatAmount(view.winCapMinor),
    outcome: view.outcome,
    played: view.played,
    actions: view.actions,
    openedAt: view.openedAt.toISOString(),
    settledAt: view.settledAt ? view.settledAt.toISOString() : null,
  };
}

/**
 * The in-house game client's calls (apps/web/game): open a table with a launch token or in demo,
 * bet, act on an open round, set the client seed, rotate the seed pair, and the betting records
 * with each round's detail and fairness inputs. Every call but open carries X-Game-Token.
 */
export function registerHouseGameRoutes(app: TypedApp, deps: HouseRoutesDeps): void {
  const { houseGames } = deps;

  function gameTokenOf(request: FastifyRequest): string {
    const token = request.headers[GAME_TOKEN_HEADER];
    if (typeof token !== 'string' || token.length === 0) throw new AppError('NOT_LOGGED_IN');
    return token;
  }

  async function tableOf(request: FastifyRequest): Promise<HouseTable> {
    const merchant = requireMerchant(request);
    return houseGames.resolveTable({ id: merchant.id, currency: merchant.currency }, gameTokenOf(request));
  }

  function toTable(request: FastifyRequest, token: string, state: TableState) {
    const merchant = requireMerchant(request);
    const paytable = describePaytable(state.gameCode);
    return {
      mode: state.mode,
      token,
      gameCode: state.gameCode,
      gameName: gameNameIn(state.game.names, request.language),
      names: state.game.names,
      limits: {
        minStake: formatAmount(state.limits.minStakeMinor),
        maxStake: formatAmount(state.limits.maxStakeMinor),
        maxWin: formatAmount(state.limits.maxWinMinor),
      },
      rtp: paytable.rtp,
      paytable: paytable.lines,
      balance: formatAmount(state.balanceMinor),
      bonusBalance: formatAmount(state.bonusBalanceMinor),
      currencySymbol: merchant.currencySymbol,
      seeds: state.seeds,
      round: state.round ? toRound(state.round) : null,
    };
  }

  app.post(
    '/wps/game/house/open',
    {
      schema: {
        tags: TAGS,
        summary:
          'Opens a table of one of our games: real mode with the launch token of the launch URL, or demo mode (play money) for a game with supportPlay 0. Answers the game, limits, paytable, balances (cash, and the bonus money our games stake once cash runs short), seed pair and any open round',
        body: OpenBody,
        response: { 200: Envelope(Table), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { body } = request;
      const at = { id: merchant.id, currency: merchant.currency };
      if (body.mode === 'demo') {
        if (!body.gameCode) throw new AppError('VALIDATION', { value: { fields: { gameCode: 'required' } } });
        const { token, table } = await houseGames.openDemo(at, body.gameCode);
        return ok(toTable(request, token, await houseGames.describeTable(table)));
      }
      if (!body.token) throw new AppError('NOT_LOGGED_IN');
      const table = await houseGames.resolveTable(at, body.token);
      if (body.gameCode && body.gameCode !== table.code) throw new AppError('NOT_FOUND');
      return ok(toTable(request, body.token, await houseGames.describeTable(table)));
    },
  );

  app.post(
    '/wps/game/house/bet',
    {
      schema: {
        tags: TAGS,
        summary:
          'Places a bet: dice { stake, direction, target }, mines { stake, mineCount }, blackjack { stake }, slots { lineStake }, tables { bets: [{ kind | face, numbers | index | number | total, stake }] }. The same requestId answers the same round of the same game. A bet before the member has any seed pair is refused with CONFLICT (reason SEEDS_NOT_SHOWN) and value.serverSeedHash of the pair made for it: show the hash, then bet again',
        headers: GameTokenHeaders,
        body: BetBody,
        response: { 200: Envelope(RoundAnswerBody), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { requestId, ...bet } = request.body;
      const answer = await houseGames.placeBetWithToken(
        { id: merchant.id, currency: merchant.currency },
        gameTokenOf(request),
        requestId,
        bet,
        merchant.settings.validBet,
      );
      return ok(toRoundAnswer(answer));
    },
  );

  app.post(
    '/wps/game/house/action',
    {
      schema: {
        tags: TAGS,
        summary:
          'Continues an open round: mines pick { tile } or cash-out; blackjack hit, stand, double, split, insure, decline-insurance',
        headers: GameTokenHeaders,
        body: ActionBody,
        response: { 200: Envelope(RoundAnswerBody), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const table = await tableOf(request);
      const { body } = request;
      const answer = await houseGames.takeAction(table, body.roundId, {
        type: body.type,
        ...(body.tile !== undefined ? { tile: body.tile } : {}),
      });
      return ok(toRoundAnswer(answer));
    },
  );

  app.post(
    '/wps/game/house/seeds/client',
    {
      schema: {
        tags: TAGS,
        summary: 'Sets the client seed of the active seed pair (1–64 of A–Z a–z 0–9 _ -)',
        headers: GameTokenHeaders,
        body: ClientSeedBody,
        response: { 200: Envelope(Seeds), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const table = await tableOf(request);
      return ok(await houseGames.setClientSeed(table, request.body.clientSeed));
    },
  );

  app.post(
    '/wps/game/house/seeds/rotate',
    {
      schema: {
        tags: TAGS,
        summary:
          'Reveals the active server seed and commits to a new one (nonce 0); refused with CONFLICT while a round of the pair is open',
        headers: GameTokenHeaders,
        body: RotateBody,
        response: {
          200: Envelope(Type.Object({ revealed: RevealedSeeds, seeds: Seeds })),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const table = await tableOf(request);
      const { clientSeed } = (request.body ?? {}) as Static<typeof RotateBody>;
      const { revealed, next } = await houseGames.rotateSeeds(table, clientSeed);
      return ok({ revealed, seeds: next });
    },
  );

  /** Whose records: the game client's member (X-Game-Token) or the member's own session. */
  async function recordsPlayer(request: FastifyRequest): Promise<{ memberId: string; merchantId: string }> {
    const merchant = requireMerchant(request);
    if (typeof request.headers[GAME_TOKEN_HEADER] === 'string') {
      const table = await tableOf(request);
      if (table.kind === 'demo') throw new AppError('NON_MEMBER');
      return table.player;
    }
    const { member } = await requireMember(request, deps.members);
    return { memberId: member.id, merchantId: merchant.id };
  }

  app.get(
    '/wps/game/house/records',
    {
      schema: {
        tags: TAGS,
        summary:
          "Betting records (the spec's personalHistoryCopy) of our games, newest first, by game and date; with X-Game-Token or the member's session",
        querystring: RecordsQuery,
        response: { 200: Envelope(PageOf(RecordItem)), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const player = await recordsPlayer(request);
      const { query } = request;
      let gameId: string | undefined;
      if (query.gameCode) {
        const vendor = await deps.games.findVendor(merchant.id, 'INHOUSE');
        const game = vendor ? await deps.games.findGameByCode(vendor.id, query.gameCode) : undefined;
        if (!game) return ok({ list: [], totalPages: 0 });
        gameId = game.id;
      }
      const page = await deps.houseRounds.listRecords(
        {
          memberId: player.memberId,
          gameId,
          from: query.from ? startOfDateIn(merchant.timeZone, query.from) : undefined,
          to: query.to ? startOfDateIn(merchant.timeZone, nextDayOf(query.to)) : undefined,
        },
        { page: query.page, pageSize: query.pageSize },
      );
      return ok({
        list: page.rows.map((row) => ({
          roundId: row.id,
          gameCode: row.game_code,
          gameName: gameNameIn(row.names as Record<string, string>, request.language),
          status: row.status,
          stake: formatAmount(BigInt(row.stake_minor)),
          win: formatAmount(BigInt(row.win_minor)),
          nonce: Number(row.nonce),
          openedAt: row.opened_at.toISOString(),
        })),
        totalPages: page.totalPages,
      });
    },
  );

  app.get(
    '/wps/game/house/records/:roundId',
    {
      schema: {
        tags: TAGS,
        summary:
          'One round: outcome, stake, win, balance before and after, and the fairness inputs (the server seed once the pair is rotated)',
        params: Type.Object({ roundId: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Round), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const player = await recordsPlayer(request);
      const { roundId } = request.params;
      const row = await deps.houseRounds.findRoundById(roundId);
      if (!row || row.member_id !== player.memberId || row.phase === null || row.phase === 'refused') {
        throw new AppError('NOT_FOUND');
      }
      return ok(toRound(await houseGames.viewOf(row)));
    },
  );
}
