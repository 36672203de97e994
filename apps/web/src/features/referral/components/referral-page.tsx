import { Check, Copy, LogIn, Send, Share2, UserPlus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageFrame } from '../../../components/ui/page-frame';
import { Pagination } from '../../../components/ui/pagination';
import { QrCode } from '../../../components/ui/qr-code';
import { Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { isSwitchEnabled } from '../../../lib/api/system-queries';
import { dateTimeFormatOf, formatMoney } from '../../../lib/format';
import { useModalStore } from '../../../lib/modal-store';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import { usePermission } from '../../../lib/system/system-hooks';
import type { ReferralMe, ReferralReward, ReferralRule } from '../api/referral';
import {
  useReferralFriends,
  useReferralMe,
  useReferralProgramme,
  useReferralRewards,
} from '../hooks/use-referral';
import { SHARE_TARGETS, shareUrlOf } from '../share-links';

const STATUS_TONES: Record<ReferralReward['status'], StatusTone> = {
  paid: 'good',
  held: 'waiting',
  rejected: 'bad',
  skipped: 'neutral',
};

function CopyButton({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void copy()}
      aria-label={label}
      data-testid={testId}
      icon={isCopied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
    >
      {isCopied ? t('referral.copied') : t('referral.copy')}
    </Button>
  );
}

/**
 * A list of the page with nothing in it yet: one line in place, since the page as a whole has
 * something on it (the code, the rules), which a full empty state would deny.
 */
function EmptyLine({ line, icon = false }: { line: string; icon?: boolean }) {
  return (
    <p
      className="flex items-center justify-center gap-2 rounded-md border border-dashed border-line p-4 text-center text-sm text-muted"
      data-testid="referral-empty"
    >
      {icon ? <Users size={18} aria-hidden="true" /> : null}
      {line}
    </p>
  );
}

/**
 * One rule in words: what the friend does, and what each side receives, in the page's language
 * (the rule's name is the operator's label, in whatever language they wrote it).
 */
export function RuleLine({ rule, symbol }: { rule: ReferralRule; symbol: string }) {
  const { t } = useTranslation();
  const condition =
    rule.trigger === 'register'
      ? t('referral.rule.register')
      : t(rule.trigger === 'deposit' ? 'referral.rule.deposit' : 'referral.rule.validBet', {
          amount: formatMoney(rule.threshold, symbol),
          days: rule.withinDays,
        });
  const kind =
    rule.kind === 'cash'
      ? t('referral.kind.cash')
      : t('referral.kind.bonus', { multiplier: rule.multiplier });
  const hasFriendPart = Number(rule.friendAmount) > 0;
  return (
    <li
      className="flex flex-col gap-1 rounded-md border border-line bg-raised/40 p-3"
      data-testid="referral-rule"
    >
      <p className="text-sm font-semibold text-text">{condition}</p>
      <p className="text-sm text-text">
        {t('referral.rule.youGet', { amount: formatMoney(rule.referrerAmount, symbol), kind })}
        {hasFriendPart
          ? ` ${t('referral.rule.friendGets', { amount: formatMoney(rule.friendAmount, symbol) })}`
          : ''}
      </p>
    </li>
  );
}

/** The programme's rules, for visitors and members alike. */
function RulesSection({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const programme = useReferralProgramme();
  let body: React.ReactNode;
  if (programme.isPending) body = <SkeletonLines lines={3} />;
  else if (programme.isError) body = <ErrorState isCompact onRetry={() => void programme.refetch()} />;
  else if (programme.data.rules.length === 0) body = <EmptyState line={t('referral.noRules')} />;
  else {
    body = (
      <ul className="flex flex-col gap-2">
        {programme.data.rules.map((rule) => (
          <RuleLine key={rule.id} rule={rule} symbol={symbol} />
        ))}
      </ul>
    );
  }
  return (
    <section className="flex flex-col gap-2" aria-labelledby="referral-rules-title">
      <h3 id="referral-rules-title" className="text-base font-semibold">
        {t('referral.rulesTitle')}
      </h3>
      {body}
    </section>
  );
}

/** The member’s code and link: copy buttons, the QR code and the share buttons. */
export function InviteCard({ me, symbol }: { me: ReferralMe; symbol: string }) {
  const { t } = useTranslation();
  const shareText = t('referral.shareText', { code: me.code });
  const shareLabels: Record<(typeof SHARE_TARGETS)[number], string> = {
    messenger: 'Messenger',
    viber: 'Viber',
    whatsapp: 'WhatsApp',
    telegram: 'Telegram',
  };
  return (
    <section
      className="flex flex-col gap-4 rounded-lg p-4 [background:var(--panalo-hero)] md:flex-row md:p-5"
      data-testid="referral-invite"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div>
          <h3 className="text-lg font-bold text-on-hero">{t('referral.inviteTitle')}</h3>
          <p className="text-sm text-on-hero/80">{t('referral.inviteLine')}</p>
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-xs font-semibold uppercase text-on-hero/70">{t('referral.myCode')}</span>
          <div className="flex flex-wrap items-center gap-2">
            <span
              className="min-w-0 break-all font-mono text-xl font-bold tracking-wider text-on-hero sm:text-2xl sm:tracking-widest"
              data-testid="referral-code"
            >
              {me.code}
            </span>
            <CopyButton value={me.code} label={t('referral.copyCode')} testId="referral-copy-code" />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-xs font-semibold uppercase text-on-hero/70">{t('referral.myLink')}</span>
          <div className="flex min-w-0 items-center gap-2">
            <span className="min-w-0 truncate text-sm text-on-hero" data-testid="referral-link">
              {me.link}
            </span>
            <CopyButton value={me.link} label={t('referral.copyLink')} testId="referral-copy-link" />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-xs font-semibold uppercase text-on-hero/70">{t('referral.share')}</span>
          <div className="flex flex-wrap gap-2">
            {SHARE_TARGETS.map((target) => (
              <a
                key={target}
                href={shareUrlOf(target, me.link, shareText)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center gap-1.5 rounded-md border border-on-hero/20 bg-on-hero/10 px-3 text-sm text-on-hero hover:bg-on-hero/20"
                data-testid={`referral-share-${target}`}
              >
                {target === 'telegram' ? (
                  <Send size={16} aria-hidden="true" />
                ) : (
                  <Share2 size={16} aria-hidden="true" />
                )}
                {shareLabels[target]}
              </a>
            ))}
          </div>
        </div>
        <dl className="grid grid-cols-3 gap-2 text-on-hero">
          <div>
            <dt className="text-xs text-on-hero/70">{t('referral.friendsCount')}</dt>
            <dd className="text-lg font-bold" data-testid="referral-friends-count">
              {me.friends}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-on-hero/70">{t('referral.paid')}</dt>
            <dd className="text-lg font-bold" data-testid="referral-paid">
              {formatMoney(me.paid, symbol)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-on-hero/70">{t('referral.held')}</dt>
            <dd className="text-lg font-bold">{formatMoney(me.held, symbol)}</dd>
          </div>
        </dl>
      </div>
      <figure className="flex shrink-0 flex-col items-center gap-1.5 self-center">
        <QrCode value={me.link} sizePx={140} label={t('referral.qrLabel')} />
        <figcaption className="text-xs text-on-hero/80">{t('referral.qrLine')}</figcaption>
      </figure>
    </section>
  );
}

function FriendsSection() {
  const { t } = useTranslation();
  const { language } = usePromotionViewer();
  const [page, setPage] = useState(1);
  const friends = useReferralFriends(page);
  const format = dateTimeFormatOf(language);
  let body: React.ReactNode;
  if (friends.isPending) body = <SkeletonLines lines={3} />;
  else if (friends.isError) body = <ErrorState isCompact onRetry={() => void friends.refetch()} />;
  else if (friends.data.list.length === 0) body = <EmptyLine icon line={t('referral.noFriends')} />;
  else {
    body = (
      <>
        <ul className="flex flex-col divide-y divide-line rounded-md border border-line">
          {friends.data.list.map((friend) => (
            <li
              key={friend.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3"
              data-testid="referral-friend"
            >
              <span className="min-w-0 flex-1 basis-40 truncate font-mono text-sm font-semibold">
                {friend.account}
              </span>
              <span className="text-xs text-muted">
                {t('referral.joined', { at: format.format(new Date(friend.joinedAt)) })}
              </span>
              <StatusBadge tone={friend.hasDeposited ? 'good' : 'neutral'}>
                {friend.hasDeposited ? t('referral.deposited') : t('referral.notDeposited')}
              </StatusBadge>
              <StatusBadge tone={friend.isActive ? 'good' : 'neutral'}>
                {friend.isActive ? t('referral.active') : t('referral.inactive')}
              </StatusBadge>
            </li>
          ))}
        </ul>
        {friends.data.totalPages > 1 ? (
          <Pagination current={page} total={friends.data.totalPages} onChange={setPage} />
        ) : null}
      </>
    );
  }
  return (
    <section className="flex flex-col gap-2" aria-labelledby="referral-friends-title">
      <h3 id="referral-friends-title" className="text-base font-semibold">
        {t('referral.friendsTitle')}
      </h3>
      {body}
    </section>
  );
}

function RewardsSection({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const { language } = usePromotionViewer();
  const [page, setPage] = useState(1);
  const rewards = useReferralRewards(page);
  const format = dateTimeFormatOf(language);
  let body: React.ReactNode;
  if (rewards.isPending) body = <SkeletonLines lines={3} />;
  else if (rewards.isError) body = <ErrorState isCompact onRetry={() => void rewards.refetch()} />;
  else if (rewards.data.list.length === 0) body = <EmptyLine line={t('referral.noRewards')} />;
  else {
    body = (
      <>
        <ul className="flex flex-col divide-y divide-line rounded-md border border-line">
          {rewards.data.list.map((reward) => (
            <li key={reward.id} className="flex flex-col gap-1 p-3" data-testid="referral-reward">
              <div className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate text-sm font-semibold">{reward.rule}</span>
                <span className="text-sm font-bold tabular-nums">{formatMoney(reward.amount, symbol)}</span>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
                <span>
                  {reward.as === 'referrer'
                    ? t('referral.fromFriend', { friend: reward.friend })
                    : t('referral.asFriend')}
                </span>
                <span>{reward.kind === 'cash' ? t('referral.kindCash') : t('referral.kindBonus')}</span>
                <span>{format.format(new Date(reward.createdAt))}</span>
                <StatusBadge tone={STATUS_TONES[reward.status]}>
                  {t(`referral.status.${reward.status}`)}
                </StatusBadge>
              </div>
            </li>
          ))}
        </ul>
        {rewards.data.totalPages > 1 ? (
          <Pagination current={page} total={rewards.data.totalPages} onChange={setPage} />
        ) : null}
      </>
    );
  }
  return (
    <section className="flex flex-col gap-2" aria-labelledby="referral-rewards-title">
      <h3 id="referral-rewards-title" className="text-base font-semibold">
        {t('referral.rewardsTitle')}
      </h3>
      {body}
    </section>
  );
}

/** For visitors: the rules are theirs to read, their own code needs a login. */
function VisitorPrompt() {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.openModal);
  return (
    <section
      className="flex flex-col gap-3 rounded-lg p-4 [background:var(--panalo-hero)] sm:flex-row sm:items-center md:p-5"
      data-testid="referral-login-prompt"
    >
      <div className="min-w-0 flex-1">
        <h3 className="text-lg font-bold text-on-hero">{t('referral.loginTitle')}</h3>
        <p className="text-sm text-on-hero/80">{t('referral.loginLine')}</p>
      </div>
      <div className="flex gap-2">
        <Button icon={<LogIn size={18} aria-hidden="true" />} onClick={() => openModal('loginPopupModal')}>
          {t('common.login')}
        </Button>
        <Button
          variant="secondary"
          className="border-on-hero/20 bg-on-hero/10 text-on-hero hover:bg-on-hero/20"
          onClick={() => openModal('registerModal')}
        >
          {t('common.register')}
        </Button>
      </div>
    </section>
  );
}

function MemberInvite({ symbol }: { symbol: string }) {
  const me = useReferralMe();
  if (me.isPending) return <Skeleton className="h-72 w-full rounded-lg md:h-56" />;
  if (me.isError) return <ErrorState isCompact onRetry={() => void me.refetch()} />;
  return <InviteCard me={me.data} symbol={symbol} />;
}

/**
 * The referral programme (spec §2 referral, docs/referrals.md): for a member their code and link
 * with its QR code and share buttons, friends, rewards and the rules; for a visitor the rules and
 * a login prompt. The member centre shows it as its `referral` page.
 */
export function ReferralContent() {
  const { isMember, symbol } = usePromotionViewer();
  return (
    <div className="flex flex-col gap-5 p-4" data-testid="referral-content">
      {isMember ? <MemberInvite symbol={symbol} /> : <VisitorPrompt />}
      {isMember ? <FriendsSection /> : null}
      {isMember ? <RewardsSection symbol={symbol} /> : null}
      <RulesSection symbol={symbol} />
    </div>
  );
}

/**
 * The referral page on its own address (/referral), for visitors and members. With the switch
 * REFERRAL off there is no programme: the address leads home.
 */
export function ReferralPage() {
  const { t } = useTranslation();
  const permission = usePermission();
  const navigate = useNavigate();
  const isOff = permission.isSuccess && !isSwitchEnabled(permission.data.whitelabel, 'REFERRAL');
  // An effect rather than react-router's <Navigate>, whose module would split the first load's chunks.
  useEffect(() => {
    if (isOff) navigate('/', { replace: true });
  }, [isOff, navigate]);
  if (isOff) return null;
  return (
    <PageFrame title={t('referral.title')} icon={UserPlus} testId="referral-page">
      <div className="rounded-lg border border-line bg-surface">
        <ReferralContent />
      </div>
    </PageFrame>
  );
}
