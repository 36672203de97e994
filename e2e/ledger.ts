import { randomBytes } from 'node:crypto';
import type pg from 'pg';

const newId = () => `e2e-${randomBytes(8).toString('hex')}`;

let lastTransferMs = 0;

/**
 * A transfer id as the server makes them (UUIDv7): statements list lines by id, newest first, so
 * the journey's transfers must sort by time as the server's do. Two in one millisecond take the next.
 */
function newTransferId(): string {
  lastTransferMs = Math.max(Date.now(), lastTransferMs + 1);
  const time = lastTransferMs.toString(16).padStart(12, '0');
  const random = randomBytes(10).toString('hex');
  const variant = (8 | (Number.parseInt(random.slice(3, 4), 16) & 3)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(0, 3)}-${variant}${random.slice(4, 7)}-${random.slice(8, 20)}`;
}

/** A member's cash or bonus account, opened here if the member has none yet. */
async function playerAccount(db: pg.Client, memberId: string, wallet: 'cash' | 'bonus'): Promise<string> {
  const kind = wallet === 'cash' ? 'player_cash' : 'player_bonus';
  await db.query(
    `insert into ledger_accounts (id, merchant_id, kind, owner_id, currency)
     select $1 || '-' || k.kind, merchant_id, k.kind, id, 'PHP' from members,
       (values ('player_cash'), ('player_bonus')) as k(kind)
     where members.id = $2 and not exists (
       select 1 from ledger_accounts a where a.owner_id = $2 and a.kind = k.kind and a.currency = 'PHP')`,
    [newId(), memberId],
  );
  const found = await db.query<{ id: string }>(
    `select id from ledger_accounts where owner_id = $1 and kind = $2 and currency = 'PHP'`,
    [memberId, kind],
  );
  const id = found.rows[0]?.id;
  if (!id) throw new Error(`no ${kind} account for ${memberId}`);
  return id;
}

async function houseAccount(db: pg.Client, merchantId: string, purpose: string): Promise<string> {
  await db.query(
    `insert into ledger_accounts (id, merchant_id, kind, purpose, shard, currency)
     values ($1, $2, 'house', $3, 0, 'PHP') on conflict do nothing`,
    [newId(), merchantId, purpose],
  );
  const house = await db.query<{ id: string }>(
    `select id from ledger_accounts where merchant_id = $1 and purpose = $2 and shard = 0`,
    [merchantId, purpose],
  );
  return house.rows[0]?.id ?? '';
}

/**
 * Moves money between a member's wallet and a house account through the ledger's own function,
 * as a deposit (cash in), a bonus (bonus in) or an operator's adjustment (out) would.
 */
export async function moveMemberMoney(
  db: pg.Client,
  input: {
    memberId: string;
    wallet: 'cash' | 'bonus';
    amountMinor: number;
    code: 'deposit' | 'bonus' | 'adjustment';
  },
): Promise<void> {
  if (input.amountMinor === 0) return;
  const member = await db.query<{ merchant_id: string }>('select merchant_id from members where id = $1', [
    input.memberId,
  ]);
  const merchantId = member.rows[0]?.merchant_id ?? '';
  const player = await playerAccount(db, input.memberId, input.wallet);
  const house = await houseAccount(db, merchantId, input.code === 'bonus' ? 'bonus_funding' : 'deposit:e2e');
  const [debit, credit] = input.amountMinor >= 0 ? [house, player] : [player, house];
  await db.query(`select * from ledger_apply_transfer($1, $2, $3, $4, null, $5, $6, 'PHP', $7, null)`, [
    newTransferId(),
    merchantId,
    newId(),
    input.code,
    debit,
    credit,
    Math.abs(input.amountMinor),
  ]);
}

/** A member's cash now, in centavos. */
export async function cashOf(db: pg.Client, memberId: string): Promise<number> {
  const row = await db.query<{ balance_minor: string }>(
    `select balance_minor::text from ledger_accounts where owner_id = $1 and kind = 'player_cash'`,
    [memberId],
  );
  return Number(row.rows[0]?.balance_minor ?? 0);
}

/** Moves money through the ledger's own function; a refused debit (a player short of it) throws. */
async function applyTransfer(
  db: pg.Client,
  input: {
    merchantId: string;
    key: string;
    code: 'bet' | 'win' | 'deposit';
    reference: string;
    debit: string;
    credit: string;
    amountMinor: number;
  },
): Promise<void> {
  const applied = await db.query(
    `select * from ledger_apply_transfer($1, $2, $3, $4, $5, $6, $7, 'PHP', $8, null)`,
    [
      newTransferId(),
      input.merchantId,
      input.key,
      input.code,
      input.reference,
      input.debit,
      input.credit,
      input.amountMinor,
    ],
  );
  if (applied.rowCount !== 1) throw new Error(`the ledger refused ${input.code} ${input.key}`);
}

/** Runs `work` in one transaction on the journey's client. */
async function inTransaction<T>(db: pg.Client, work: () => Promise<T>): Promise<T> {
  await db.query('begin');
  try {
    const result = await work();
    await db.query('commit');
    return result;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

/**
 * A settled round of a game, settled at a past moment, as a vendor's report brings a bet in: the
 * stake and the win move through the ledger as the wallet's debit and credit do (member cash →
 * house `game`, and back), and the round goes into the bet record, whose triggers fill its game
 * type, valid bet (the stake) and merchant day and keep the member's rollups. One transaction, so
 * that the ledger and the bet record agree. The member needs the stake in cash.
 */
export async function writeSettledRound(
  db: pg.Client,
  input: { memberId: string; nodeId: string; stakeMinor: number; winMinor: number; settledAt: Date },
): Promise<string> {
  const id = newId();
  await inTransaction(db, async () => {
    const game = await db.query<{ id: string; vendor_id: string; merchant_id: string }>(
      `select g.id, g.vendor_id, g.merchant_id from games g join members m on m.merchant_id = g.merchant_id
        where m.id = $1 and g.node_id = $2`,
      [input.memberId, input.nodeId],
    );
    const found = game.rows[0];
    if (!found) throw new Error(`no game ${input.nodeId} at the member's merchant`);
    const cash = await playerAccount(db, input.memberId, 'cash');
    const house = await houseAccount(db, found.merchant_id, 'game');
    const move = { merchantId: found.merchant_id, reference: id };
    await applyTransfer(db, {
      ...move,
      key: `e2e-bet:${id}`,
      code: 'bet',
      debit: cash,
      credit: house,
      amountMinor: input.stakeMinor,
    });
    if (input.winMinor > 0) {
      await applyTransfer(db, {
        ...move,
        key: `e2e-win:${id}`,
        code: 'win',
        debit: house,
        credit: cash,
        amountMinor: input.winMinor,
      });
    }
    await db.query(
      `insert into game_rounds (id, merchant_id, member_id, game_id, vendor_id, vendor_round_id, currency,
         stake_minor, win_minor, status, opened_at, settled_at)
       values ($1, $2, $3, $4, $5, $1, 'PHP', $6, $7, 'settled', $8, $8)`,
      [
        id,
        found.merchant_id,
        input.memberId,
        found.id,
        found.vendor_id,
        input.stakeMinor,
        input.winMinor,
        input.settledAt,
      ],
    );
  });
  return id;
}

/**
 * A deposit credited now through the merchant's first payment method, as the payment's callback
 * credits it: the deposit's row, credited, and its money from the method's house account into the
 * member's cash under the deposit's own key, in one transaction. It counts where credited deposits
 * count (VIP thresholds, deposit points, goods' requirements).
 */
export async function creditDeposit(
  db: pg.Client,
  input: { memberId: string; amountMinor: number },
): Promise<string> {
  const id = newId();
  await inTransaction(db, async () => {
    const method = await db.query<{ id: string; code: string; merchant_id: string }>(
      `select p.id, p.code, p.merchant_id from payment_methods p join members m on m.merchant_id = p.merchant_id
        where m.id = $1 order by p.sort_order, p.id limit 1`,
      [input.memberId],
    );
    const found = method.rows[0];
    if (!found) throw new Error(`no payment method at the merchant of ${input.memberId}`);
    const cash = await playerAccount(db, input.memberId, 'cash');
    const house = await houseAccount(db, found.merchant_id, `deposit:${found.code}`);
    await applyTransfer(db, {
      merchantId: found.merchant_id,
      key: `deposit:${id}`,
      code: 'deposit',
      reference: id,
      debit: house,
      credit: cash,
      amountMinor: input.amountMinor,
    });
    const transfer = await db.query<{ id: string }>(
      'select id from ledger_transfers where idempotency_key = $1',
      [`deposit:${id}`],
    );
    await db.query(
      `insert into deposits (id, merchant_id, member_id, method_id, currency, amount_minor, status, transfer_id,
         credited_at)
       values ($1, $2, $3, $4, 'PHP', $5, 'credited', $6, now())`,
      [id, found.merchant_id, input.memberId, found.id, input.amountMinor, transfer.rows[0]?.id ?? null],
    );
  });
  return id;
}
