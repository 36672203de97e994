// The game client's calls to /wps/game/house (the server's OpenAPI document describes them). Every
// call but open carries the table's token in X-Game-Token; errors arrive in the envelope with a
// stable code that the client reads, never the text. The wire shapes come from that document
// (packages/api-types), as types only: the game's bundle takes none of the player app's code.
import type { ApiBody, ApiValue } from '../../src/lib/api/api-client';

type OpenBody = ApiBody<'/wps/game/house/open', 'post'>;
type BetBody = ApiBody<'/wps/game/house/bet', 'post'>;
type ActionBody = ApiBody<'/wps/game/house/action', 'post'>;
type BetAnswer = ApiValue<'/wps/game/house/bet', 'post'>;
type SeedsRotation = ApiValue<'/wps/game/house/seeds/rotate', 'post'>;
type Records = ApiValue<'/wps/game/house/records', 'get'>;
type RealityCheck = ApiValue<'/wps/game/house/reality-check', 'get'>;

/** What a player can do in an open round (mines, blackjack). */
export type RoundAction = ActionBody['type'];

/** One bet of a table game as the wire carries it (the amount as a decimal string). */
export type WireTableBet = NonNullable<BetBody['bets']>[number];

export type Table = ApiValue<'/wps/game/house/open', 'post'>;
/** commitmentVersion: 2, sha256 of the server seed's hex text; 1, of its bytes (pairs committed before). */
export type Seeds = Table['seeds'];
export type RevealedSeeds = SeedsRotation['revealed'];
export type Round = ApiValue<'/wps/game/house/records/{roundId}', 'get'>;
export type RecordItem = Records['list'][number];

export class GameApiError extends Error {
  readonly code: string;
  readonly value: Record<string, unknown> | undefined;

  constructor(code: string, message: string, value: Record<string, unknown> | undefined) {
    super(message);
    this.code = code;
    this.value = value;
  }
}

/** A request gives up after this; the player can try again. */
const REQUEST_TIMEOUT_MS = 15_000;

type Envelope<T> =
  | { success: true; value: T }
  | { success: false; code: string; message: string; value?: Record<string, unknown> };

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; language: string },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        Accept: 'application/json',
        'Accept-Language': options.language === 'EN' ? 'en' : 'fil',
        ...(options.token ? { 'X-Game-Token': options.token } : {}),
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new GameApiError('NETWORK', '', undefined);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new GameApiError('UNKNOWN', '', undefined);
  }
  if (!envelope.success) throw new GameApiError(envelope.code, envelope.message, envelope.value);
  return envelope.value;
}

export function createGameApi(language: string) {
  let token = '';
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    request<T>(method, path, { token, body, language });
  return {
    /** The launch URL's game code goes as it is: the server refuses one it does not know. */
    async open(input: Omit<OpenBody, 'gameCode'> & { gameCode: string }): Promise<Table> {
      const table = await request<Table>('POST', '/wps/game/house/open', { body: input, language });
      token = table.token;
      return table;
    },
    bet: (body: BetBody) => call<BetAnswer>('POST', '/wps/game/house/bet', body),
    act: (body: ActionBody) =>
      call<ApiValue<'/wps/game/house/action', 'post'>>('POST', '/wps/game/house/action', body),
    setClientSeed: (clientSeed: ApiBody<'/wps/game/house/seeds/client', 'post'>['clientSeed']) =>
      call<ApiValue<'/wps/game/house/seeds/client', 'post'>>('POST', '/wps/game/house/seeds/client', {
        clientSeed,
      }),
    rotate: () => call<SeedsRotation>('POST', '/wps/game/house/seeds/rotate', {}),
    records: (gameCode: Table['gameCode'], page: number, pageSize = 10) =>
      call<Records>(
        'GET',
        `/wps/game/house/records?gameCode=${encodeURIComponent(gameCode)}&page=${page}&pageSize=${pageSize}`,
      ),
    record: (roundId: Round['roundId']) =>
      call<Round>('GET', `/wps/game/house/records/${encodeURIComponent(roundId)}`),
    /** The member's reality check: interval (null: none, or demo play), time since login, result since. */
    realityCheck: () => call<RealityCheck>('GET', '/wps/game/house/reality-check'),
  };
}

export type GameApi = ReturnType<typeof createGameApi>;

/** A new request id for a bet: a retry of the same bet sends the same one. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
