// The wire of raffles and slot-spin rules (docs/promotions.md "Wire (player)"), declared here until
// the server's OpenAPI document carries it; the types of the promotion and bonus calls add these
// to what packages/api-types generates.

/** A raffle as the player's detail shows it (`raffle` of `/wps/promotion/detail`; null for other kinds). */
export type RaffleViewWire = {
  ticketBy: 'deposit' | 'validBet';
  /** Each full amount counted earns one ticket. */
  ticketEvery: string;
  maxTickets: number;
  /** endsAt + drawDelayMinutes. */
  drawAt: string;
  serverSeedHash: string;
  /** Revealed when drawn. */
  serverSeed: string | null;
  clientSeed: string | null;
  drawnAt: string | null;
  /** Every ticket issued so far. */
  ticketCount: number;
  /** In rank order; `rank` is the tier's first rank. */
  prizes: Array<{ rank: number; count: number; amount: string }>;
  /** 0 for visitors. */
  myTicketCount: number;
  /** The member's ticket ids, ascending, at most 200. */
  myTickets: string[];
  /** A joined member's, while the raffle is open: amount counted, and at which the next ticket comes (null at maxTickets). */
  progress: { counted: string; nextTicketAt: string } | null;
  /** After the draw; `name` masked like "ju***an". */
  winners: Array<{ rank: number; ticketId: string; name: string; amount: string; mine: boolean }>;
  myPrizes: Array<{
    id: string;
    rank: number;
    ticketId: string;
    amount: string;
    status: 'won' | 'claimed' | 'expired';
    claimBy: string;
    claimedAt: string | null;
  }>;
};

/** A raffle's rules on the wire, amounts as wire strings; absent for other kinds. */
export type RaffleRulesWire = {
  ticketBy?: 'deposit' | 'validBet';
  ticketEvery?: string;
  maxTickets?: number;
  prizes?: Array<{ amount: string; count: number }>;
  claimDays?: number;
  drawDelayMinutes?: number;
  /** validBet only: the game types whose bets count; none listed, every type. */
  gameTypes?: string[];
  minSpinStake?: string;
  minSpinLines?: number;
};

/** A bonus's slot-spin rule: spins below either count nothing toward wagering. */
export type SpinRuleWire = { minSpinStake: string | null; minSpinLines: number | null };

/** A wire object of the promotions whose `kind` takes `raffle` too. */
export type WithRaffleKind<Item extends { kind: string }> = Omit<Item, 'kind'> & {
  kind: Item['kind'] | 'raffle';
};
