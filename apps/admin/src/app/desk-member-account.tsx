import { useConfirmedAction } from '../components/confirm-dialog.tsx';
import { PlayerBonuses } from '../features/players/player-bonuses.tsx';
import { usePlayer } from '../features/players/players-api.ts';
import { formatDateTime } from '../lib/format.ts';

/**
 * A member's account beside their live chat (features/support's desk): status, balance, mobile and
 * active bonuses, read from the players' section, which the desk may not import itself.
 */
export function DeskMemberAccount({ memberId, merchantId }: { memberId: string; merchantId: string }) {
  const player = usePlayer(memberId);
  const confirm = useConfirmedAction();
  if (player.isPending) return <p className="muted">Loading the account…</p>;
  if (player.isError) return <p className="muted">The account could not be read: {player.error.message}</p>;
  const { profile, balances, currency } = player.data;
  return (
    <>
      <dl className="facts">
        <dt>Status</dt>
        <dd>{profile.status}</dd>
        <dt>Balance</dt>
        <dd className="mono">
          {currency} {balances.cash} cash · {balances.bonus} bonus
        </dd>
        <dt>Registered</dt>
        <dd>{formatDateTime(profile.createdAt)}</dd>
        <dt>Mobile</dt>
        <dd className="mono">{profile.mobile ?? '—'}</dd>
      </dl>
      {confirm.element}
      <PlayerBonuses
        playerId={profile.id}
        account={profile.account}
        merchantId={merchantId}
        currency={currency}
        canWrite={false}
        ask={confirm.ask}
        isSending={confirm.isSending}
      />
    </>
  );
}
