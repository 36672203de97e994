import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/** A bonus wagered once (1×), our own games counting in full, expiring in 7 days. */
export const ONCE_WAGERED_TERMS = {
  multiplier: 1,
  includeDeposit: false,
  contributions: { INHOUSE: 10_000 },
  maxStake: null,
  expiryDays: 7,
  maxConversion: null,
} as const;

type Localized = { TY: string; EN: string };

export type PromotionRow = {
  /** The promotion list's tab (promotions.type): DEPOSIT, APP_DOWNLOAD, OTHERS… */
  type: string;
  /** The engine's kind (promotions.kind): deposit_bonus, app_download, raffle… */
  kind: string;
  title: Localized;
  content: Localized;
  rules: Record<string, unknown>;
  /** A bonus's wagering terms; none for a kind that pays no bonus (a raffle in cash). */
  bonusTerms?: Record<string, unknown>;
  /** Ends this many seconds from now; without it the promotion runs on. */
  endsInSeconds?: number;
  /** The id's prefix, naming the journey that made it. */
  prefix: string;
};

/**
 * A published promotion of the demo merchant for one journey, open to all since a minute ago and
 * claimed once per member, as the builder saves one. Published promotions are seen by every page:
 * a journey that makes one runs alone (MERCHANT_WIDE) and withdraws it at its end.
 */
export async function insertPromotion(db: pg.Client, row: PromotionRow): Promise<string> {
  const id = `${row.prefix}-${randomBytes(6).toString('hex')}`;
  await db.query(
    `insert into promotions (id, merchant_id, type, kind, title, content, starts_at, ends_at, audience,
       rules, bonus_terms, grants_per_member, sort_order, status, created_at, updated_at)
     select $1, m.id, $2, $3, $4, $5, now() - interval '1 minute',
       case when $8::int is null then null else now() + make_interval(secs => $8::int) end,
       'all', $6, $7, 1, -1, 'published', now(), now()
     from merchants m where m.code = 'panalo'`,
    [
      id,
      row.type,
      row.kind,
      JSON.stringify(row.title),
      JSON.stringify(row.content),
      JSON.stringify(row.rules),
      row.bonusTerms ? JSON.stringify(row.bonusTerms) : null,
      row.endsInSeconds ?? null,
    ],
  );
  return id;
}
