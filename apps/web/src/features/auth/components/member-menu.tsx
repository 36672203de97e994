import {
  ArrowUpFromLine,
  Bell,
  Check,
  ChevronDown,
  Copy,
  Crown,
  HandCoins,
  Heart,
  History,
  LogOut,
  type LucideIcon,
  Mail,
  MessageSquareText,
  Network,
  Plus,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CountBadge } from '../../../components/ui/count-badge';
import { Dialog } from '../../../components/ui/dialog';
import { isSwitchEnabled } from '../../../lib/api/system-queries';
import { joinClassNames } from '../../../lib/class-names';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useModalStore } from '../../../lib/modal-store';
import { type MemberInfo, useAuthStore } from '../../../lib/session/auth-store';
import { usePermission, usePublicState } from '../../../lib/system/system-hooks';
import { useCanDeposit } from '../../../lib/system/use-can-deposit';
import { logOut } from '../api/member';

const FALLBACK_AVATAR = '/media/avatar-1.svg';

const MENU_ITEM_CLASS =
  'flex min-h-11 w-full items-center gap-2.5 rounded-md px-3 text-left text-sm text-text hover:bg-raised';

/** One page the member menu leads to; choosing it closes the menu. */
function MemberMenuLink({
  to,
  icon: Icon,
  onSelect,
  testId,
  children,
}: {
  to: string;
  icon: LucideIcon;
  onSelect: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <li>
      <Link role="menuitem" to={to} className={MENU_ITEM_CLASS} onClick={onSelect} data-testid={testId}>
        <Icon size={18} aria-hidden="true" className="text-brand-strong" />
        {children}
      </Link>
    </li>
  );
}

/** The member's avatar; a picture that fails to load falls back to the default one (spec §2). */
export function MemberAvatar({ member, size = 36 }: { member: MemberInfo; size?: number }) {
  const [hasFailed, setFailed] = useState(false);
  if (hasFailed) {
    return (
      <span
        className="grid shrink-0 place-items-center rounded-full bg-brand-soft text-brand-strong"
        style={{ width: size, height: size }}
        aria-hidden="true"
      >
        <UserRound size={size * 0.55} />
      </span>
    );
  }
  return (
    <img
      src={member.iconUrl || FALLBACK_AVATAR}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-full ring-2 ring-brand/40"
      onError={() => setFailed(true)}
    />
  );
}

/** Spec §2 "VIP label (only when VIP feature on)": the member's level's label, or null for none. */
function useVipLabel(): string | null {
  const publicState = usePublicState().data;
  const whitelabel = usePermission().data?.whitelabel;
  if (!publicState?.hasVip || !isSwitchEnabled(whitelabel, 'VIP')) return null;
  return publicState.vipLabelName?.trim() || null;
}

/** The level's label as a gold chip that leads to the VIP page. */
function VipLabelLink({
  label,
  className,
  onSelect,
}: {
  label: string;
  className?: string;
  onSelect?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to="/vip"
      onClick={onSelect}
      aria-label={t('vip.labelLink', { level: label })}
      className={joinClassNames('min-h-11 items-center rounded-full', className)}
      data-testid="header-vip-label"
    >
      <span className="inline-flex items-center gap-1 rounded-full bg-accent/15 px-2 py-0.5 text-xs font-bold text-accent-text ring-1 ring-accent/40 hover:bg-accent/25">
        <Crown size={12} aria-hidden="true" />
        {label}
      </span>
    </Link>
  );
}

/** The logout confirm dialog of spec §4: confirm, call, clear the session, go home. */
export function LogoutConfirm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [isLeaving, setLeaving] = useState(false);

  async function confirm() {
    setLeaving(true);
    try {
      await logOut(language);
    } catch {
      // An ended or unreachable session is logged out here all the same.
    } finally {
      useAuthStore.getState().clearSession();
      onClose();
      navigate('/');
    }
  }

  return (
    <Dialog title={t('member.signOutTitle')} onClose={onClose} size="sm" testId="logout-confirm">
      <div className="flex flex-col gap-5">
        <p className="text-sm text-muted">{t('member.signOutLine')}</p>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onClose} disabled={isLeaving}>
            {t('member.cancel')}
          </Button>
          <Button
            variant="primary"
            onClick={confirm}
            disabled={isLeaving}
            data-testid="logout-confirm-submit"
          >
            {t('member.signOut')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** Header block for a logged-in member: avatar, account and a menu (spec §2 "Member info"). */
export function MemberMenu() {
  const { t } = useTranslation();
  const member = useAuthStore((state) => state.member);
  const isTrial = useAuthStore((state) => state.isTrial);
  const isAgent = useAuthStore((state) => state.isAgent);
  const publicState = usePublicState().data;
  const vipLabel = useVipLabel();
  // Spec §2 "manual rebate (if enabled)": while members claim their rebate themselves.
  const hasManualRebate = isSwitchEnabled(usePermission().data?.whitelabel, 'MANPLAYREB3') && !isTrial;
  const unreadMessages = publicState?.unreadMessage;
  const noticeCount = publicState?.notice.length ?? 0;
  const canDeposit = useCanDeposit();
  const openModal = useModalStore((state) => state.openModal);
  const [isOpen, setOpen] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const [isCopied, setCopied] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [isOpen]);

  if (!member) return null;

  async function copyAccount() {
    if (!member) return;
    try {
      await navigator.clipboard.writeText(member.account);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }

  const closeMenu = () => setOpen(false);

  return (
    <div className="relative flex items-center" ref={container} data-testid="member-menu">
      {/* A phone's header keeps its room for the balance: the label shows in the open menu there. */}
      {vipLabel ? <VipLabelLink label={vipLabel} className="hidden sm:inline-flex" /> : null}
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-label={t('member.menuLabel')}
        onClick={() => setOpen((open) => !open)}
        className="flex min-h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-text transition-colors hover:bg-raised"
      >
        <MemberAvatar member={member} size={32} />
        {/* Beside the desktop header's game types (xl) the account gives way until 2xl: the menu names it. */}
        <span
          className="hidden max-w-32 truncate md:inline xl:hidden 2xl:inline"
          data-testid="member-account"
        >
          {member.account}
        </span>
        {isTrial ? (
          <span className="rounded-full bg-warning/15 px-2 py-0.5 text-xs font-semibold text-warning">
            {t('member.trialBadge')}
          </span>
        ) : null}
        <ChevronDown size={16} aria-hidden="true" className="hidden text-muted md:block" />
      </button>
      {isOpen ? (
        <div
          role="menu"
          className="absolute top-full right-0 z-40 mt-2 w-72 rounded-lg border border-line bg-surface p-2 shadow-raised"
        >
          <div className="flex items-center gap-3 rounded-md bg-raised/60 p-3">
            <MemberAvatar member={member} size={44} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-text">{member.nickname || member.account}</p>
              <p className="truncate text-xs text-muted">
                {member.account} · {t('member.id')} {member.id.slice(-8).toUpperCase()}
              </p>
              {vipLabel ? (
                <VipLabelLink label={vipLabel} className="-my-2 inline-flex sm:hidden" onSelect={closeMenu} />
              ) : null}
            </div>
            <button
              type="button"
              onClick={copyAccount}
              aria-label={t('member.copyAccount')}
              className="grid size-11 shrink-0 place-items-center rounded-md text-muted hover:bg-surface hover:text-text"
            >
              {isCopied ? <Check size={18} className="text-success" /> : <Copy size={18} />}
            </button>
          </div>
          {isCopied ? (
            <p role="status" className="px-3 pt-2 text-xs text-success">
              {t('member.copied')}
            </p>
          ) : null}
          <ul className="mt-2 flex flex-col gap-0.5">
            {canDeposit ? (
              <MemberMenuLink
                to="/member?page=depositv2"
                icon={Plus}
                onSelect={closeMenu}
                testId="member-menu-deposit"
              >
                {t('common.deposit')}
              </MemberMenuLink>
            ) : null}
            {isTrial ? null : (
              <MemberMenuLink
                to="/member?page=withdraw"
                icon={ArrowUpFromLine}
                onSelect={closeMenu}
                testId="member-menu-withdraw"
              >
                {t('common.withdraw')}
              </MemberMenuLink>
            )}
            {isTrial ? null : (
              <MemberMenuLink to="/member?page=securityCenter" icon={ShieldCheck} onSelect={closeMenu}>
                {t('member.securityCentre')}
              </MemberMenuLink>
            )}
            {isTrial ? null : (
              <MemberMenuLink
                to="/member?page=messageV2"
                icon={Mail}
                onSelect={closeMenu}
                testId="member-menu-messages"
              >
                {t('common.messages')}
                <CountBadge count={unreadMessages} className="ml-auto min-w-5 text-xs" />
              </MemberMenuLink>
            )}
            {isTrial ? null : (
              <MemberMenuLink
                to="/member?page=feedback"
                icon={MessageSquareText}
                onSelect={closeMenu}
                testId="member-menu-feedback"
              >
                {t('pages.memberPages.feedback')}
              </MemberMenuLink>
            )}
            {/* On a member's phone the header leaves the notice icon out for the balance and deposit. */}
            <li className="sm:hidden">
              <button
                type="button"
                role="menuitem"
                className={MENU_ITEM_CLASS}
                onClick={() => {
                  setOpen(false);
                  openModal('noticeModal', { index: 0 });
                }}
                data-testid="member-menu-notices"
              >
                <Bell size={18} aria-hidden="true" className="text-brand-strong" />
                {t('common.notices')}
                <CountBadge count={noticeCount} className="ml-auto min-w-5 text-xs" />
              </button>
            </li>
            {/* The account game pages (spec §1 /favorite, /recent), one tab apart. */}
            <MemberMenuLink to="/favorite" icon={Heart} onSelect={closeMenu} testId="member-menu-favorite">
              {t('member.favoriteGames')}
            </MemberMenuLink>
            <MemberMenuLink to="/recent" icon={History} onSelect={closeMenu} testId="member-menu-recent">
              {t('member.recentGames')}
            </MemberMenuLink>
            {/* Spec §2 "agent (if agent)": the agent centre, for agents only. */}
            {isAgent ? (
              <MemberMenuLink to="/agentHome" icon={Network} onSelect={closeMenu} testId="member-menu-agent">
                {t('pages.agentTitle')}
              </MemberMenuLink>
            ) : null}
            {hasManualRebate ? (
              <MemberMenuLink
                to="/member?page=manualRebate"
                icon={HandCoins}
                onSelect={closeMenu}
                testId="member-menu-rebate"
              >
                {t('pages.memberPages.manualRebate')}
              </MemberMenuLink>
            ) : null}
            <li>
              <button
                type="button"
                role="menuitem"
                className={MENU_ITEM_CLASS}
                onClick={() => {
                  setOpen(false);
                  setConfirming(true);
                }}
                data-testid="member-sign-out"
              >
                <LogOut size={18} aria-hidden="true" className="text-danger" />
                {t('member.signOut')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
      {isConfirming ? <LogoutConfirm onClose={() => setConfirming(false)} /> : null}
    </div>
  );
}
