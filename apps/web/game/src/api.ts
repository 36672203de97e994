// The game client's calls to /wps/game/house (the server's OpenAPI document describes them). Every
// call but open carries the table's token in X-Game-Token; errors arrive in the envelope with a
// stable code that the client reads, never the text.

/** One bet of a table game as the wire carries it (the amount as a decimal string). */
export type WireTableBet = {
  kind?: string;
  face?: string;
  numbers?: number[];
  index?: number;
  number?: number;
  total?: number;
  stake: string;
};

/** commitmentVersion: 2, sha256 of the server seed's hex text; 1, of its bytes (pairs committed before). */
export type Seeds = { serverSeedHash: string; commitmentVersion: 1 | 2; clientSeed: string; nonce: number };
export type RevealedSeeds = Seeds & { serverSeed: string };

export type Round = {
  roundId: string;
  gameCode: string;
  status: 'open' | 'settled' | 'rolled_back';
  stake: string;
  win: string;
  balanceBefore: string | null;
  balanceAfter: string | null;
  serverSeedHash: string;
  commitmentVersion: 1 | 2;
  clientSeed: string;
  nonce: number;
  serverSeed: string | null;
  /** The maximum win the win was cut to; null when the win is the payout the seeds give. */
  winCap: string | null;
  /** The engine's outcome; bigints as {"$bigint": "…"}. */
  outcome: unknown;
  played: unknown;
  actions: string[];
  openedAt: string;
  settledAt: string | null;
};

export type Table = {
  mode: 'real' | 'demo';
  token: string;
  gameCode: string;
  gameName: string;
  names: Record<string, string>;
  limits: { minStake: string; maxStake: string; maxWin: string };
  rtp: string;
  paytable: Array<{ bet: string; pays: string; rtp: string | null }>;
  balance: string;
  currencySymbol: string;
  seeds: Seeds;
  round: Round | null;
};

export type RecordItem = {
  roundId: string;
  gameCode: string;
  gameName: string;
  status: Round['status'];
  stake: string;
  win: string;
  nonce: number;
  openedAt: string;
};

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
    async open(input: { mode: 'real' | 'demo'; gameCode: string; token?: string }): Promise<Table> {
      const table = await request<Table>('POST', '/wps/game/house/open', { body: input, language });
      token = table.token;
      return table;
    },
    bet: (body: Record<string, unknown>) =>
      call<{ round: Round; balance: string }>('POST', '/wps/game/house/bet', body),
    act: (body: { roundId: string; type: string; tile?: number }) =>
      call<{ round: Round; balance: string }>('POST', '/wps/game/house/action', body),
    setClientSeed: (clientSeed: string) =>
      call<Seeds>('POST', '/wps/game/house/seeds/client', { clientSeed }),
    rotate: () => call<{ revealed: RevealedSeeds; seeds: Seeds }>('POST', '/wps/game/house/seeds/rotate', {}),
    records: (gameCode: string, page: number) =>
      call<{ list: RecordItem[]; totalPages: number }>(
        'GET',
        `/wps/game/house/records?gameCode=${encodeURIComponent(gameCode)}&page=${page}&pageSize=10`,
      ),
    record: (roundId: string) => call<Round>('GET', `/wps/game/house/records/${encodeURIComponent(roundId)}`),
    /** The member's reality check: interval (null: none, or demo play), time since login, result since. */
    realityCheck: () =>
      call<{ intervalMinutes: number | null; playedMs: number; netResult: string }>(
        'GET',
        '/wps/game/house/reality-check',
      ),
  };
}

export type GameApi = ReturnType<typeof createGameApi>;

/** A new request id for a bet: a retry of the same bet sends the same one. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
