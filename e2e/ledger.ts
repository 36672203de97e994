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
