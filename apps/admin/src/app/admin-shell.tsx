import { LogOut, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { type PlayerPanel, PlayerPanelsProvider } from '../components/player-panels.tsx';
import { EmptyState } from '../components/query-state.tsx';
import { AgentsPage } from '../features/agents/agents-page.tsx';
import { AuditPage } from '../features/audit/audit-page.tsx';
import type { Permission, Profile } from '../features/auth/profile.ts';
import { ConfigurationPage } from '../features/configuration/configuration-page.tsx';
import { ContentPage } from '../features/content/content-page.tsx';
import { ContractsPage } from '../features/contracts/contracts-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { FeedbackInbox } from '../features/feedback/feedback-inbox.tsx';
import { GamesPage } from '../features/games/games-page.tsx';
import { MoneyPage } from '../features/money/money-page.tsx';
import { PlayerVip } from '../features/players/player-vip.tsx';
import { PlayersPage } from '../features/players/players-page.tsx';
import { PlayerPoints } from '../features/points/player-points.tsx';
import { PromotionsPage } from '../features/promotions/promotions-page.tsx';
import { ReportsPage } from '../features/reports/reports-page.tsx';
import { RolesPage } from '../features/roles/roles-page.tsx';
import { StaffPage } from '../features/staff/staff-page.tsx';
import { LiveChatPage } from '../features/support/live-chat-page.tsx';
import { DeskMemberAccount } from './desk-member-account.tsx';
import { LoyaltyPage } from './loyalty-page.tsx';
import { MailPage } from './mail-page.tsx';
import { MissionsPage } from './missions-page.tsx';
import { RedEnvelopesPage } from './red-envelopes-page.tsx';
import { ReferralsPage } from './referrals-page.tsx';
import { RewardsPage } from './rewards-page.tsx';
import { BASE_PATH, type Section, visibleSections } from './sections.ts';

/**
 * The operator layout: the sections the operator's permissions open on the left, a header across
 * the top, the section's page. On a phone the side bar shows icons only.
 */
export function AdminShell(props: {
  profile: Profile;
  section: Section;
  onNavigate: (section: Section) => void;
  onSignOut: () => void;
}) {
  const { profile } = props;
  const sections = visibleSections(profile.permissions);
  // A section the operator may not open (a bookmarked address) shows the dashboard instead.
  const section = sections.find((item) => item.id === props.section.id) ?? sections[0] ?? props.section;
  const [isCollapsed, setIsCollapsed] = useState(false);
  const Icon = section.icon;
  const merchantLabel =
    profile.operator.merchantId === null
      ? 'All merchants'
      : (profile.merchants.find((merchant) => merchant.id === profile.operator.merchantId)?.name ?? '');

  function handleLinkClick(event: MouseEvent<HTMLAnchorElement>, target: Section) {
    // Let the browser open new tabs and windows as usual; only plain clicks navigate in place.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    props.onNavigate(target);
  }

  return (
    <div className={`shell${isCollapsed ? ' shell--collapsed' : ''}`}>
      <aside className="sidebar" aria-label="Sections">
        <div className="sidebar__brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>
          <span className="sidebar__label">Panalo</span>
        </div>
        <nav>
          <ul className="sidebar__list">
            {sections.map((item) => {
              const ItemIcon = item.icon;
              const isCurrent = item.id === section.id;
              return (
                <li key={item.id}>
                  <a
                    className={`sidebar__link${isCurrent ? ' sidebar__link--current' : ''}`}
                    href={`${BASE_PATH}${item.id}`}
                    aria-current={isCurrent ? 'page' : undefined}
                    title={item.title}
                    onClick={(event) => handleLinkClick(event, item)}
                  >
                    <ItemIcon size={18} aria-hidden="true" />
                    <span className="sidebar__label">{item.title}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>

      <div className="main">
        <header className="header">
          <button
            className="icon-button header__collapse"
            type="button"
            onClick={() => setIsCollapsed((value) => !value)}
            aria-label={isCollapsed ? 'Expand the sidebar' : 'Collapse the sidebar'}
          >
            {isCollapsed ? <PanelLeftOpen size={18} /> : <PanelLeftClose size={18} />}
          </button>
          <div className="header__title">
            <span className="muted header__crumb">Back office</span>
            <span className="muted header__crumb" aria-hidden="true">
              /
            </span>
            <strong>{section.title}</strong>
          </div>
          <div className="header__who" data-testid="signed-in-operator">
            <strong>{profile.operator.displayName}</strong>
            <span className="muted small">
              {profile.operator.roleName} · {merchantLabel}
            </span>
          </div>
          <button
            className="button button--quiet"
            type="button"
            aria-label="Sign out"
            onClick={props.onSignOut}
          >
            <LogOut size={16} aria-hidden="true" />
            <span className="header__sign-out">Sign out</span>
          </button>
        </header>

        <main className="content">
          <div className="page-heading">
            <Icon size={22} aria-hidden="true" />
            <div>
              <h1>{section.title}</h1>
              <p className="muted">{section.summary}</p>
            </div>
          </div>
          <SectionPage section={section} profile={profile} />
        </main>
      </div>
    </div>
  );
}

function SectionPage({ section, profile }: { section: Section; profile: Profile }) {
  const scope = { ownMerchantId: profile.operator.merchantId, merchants: profile.merchants };
  const can = (permission: Permission) => profile.permissions.includes(permission);
  switch (section.id) {
    case 'staff':
      return <StaffPage {...scope} selfId={profile.operator.id} canWrite={can('staff.write')} />;
    case 'roles':
      return <RolesPage {...scope} permissions={profile.permissions} canWrite={can('roles.write')} />;
    case 'audit':
      return <AuditPage {...scope} />;
    case 'configuration':
      return <ConfigurationPage {...scope} canWrite={can('settings.write')} />;
    case 'feedback':
      return <FeedbackInbox {...scope} canWrite={can('support.feedback')} />;
    case 'desk':
      return <LiveChatPage {...scope} operatorId={profile.operator.id} MemberAccount={DeskMemberAccount} />;
    case 'content':
      return <ContentPage {...scope} canWrite={can('content.write')} />;
    case 'players':
      return (
        <PlayerPanelsProvider panels={playerPanelsOf(can)}>
          <PlayersPage
            ownMerchantId={scope.ownMerchantId}
            canWrite={can('players.write')}
            canAdjust={can('finance.write')}
            canGrantBonuses={can('bonuses.write')}
          />
        </PlayerPanelsProvider>
      );
    case 'agents':
      return <AgentsPage {...scope} canWrite={can('players.write')} canEditTypes={can('settings.write')} />;
    case 'contracts':
      return (
        <ContractsPage {...scope} canWrite={can('players.write')} canEditTemplates={can('settings.write')} />
      );
    case 'reports':
      return <ReportsPage />;
    case 'games':
      return <GamesPage {...scope} canWrite={can('games.write')} />;
    case 'money':
      return <MoneyPage {...scope} canWrite={can('finance.write')} />;
    case 'promotions':
      return <PromotionsPage {...scope} canWrite={can('promotions.write')} />;
    case 'loyalty':
      return (
        <LoyaltyPage {...scope} canWrite={can('loyalty.write')} canDecideRedeems={can('loyalty.redeems')} />
      );
    case 'referrals':
      return (
        <ReferralsPage {...scope} canWrite={can('referrals.write')} canReadReports={can('reports.read')} />
      );
    case 'rewards':
      return <RewardsPage {...scope} canWrite={can('rewards.write')} />;
    case 'missions':
      return (
        <MissionsPage {...scope} canWrite={can('missions.write')} canReadReports={can('reports.read')} />
      );
    case 'mail':
      return <MailPage {...scope} canWrite={can('messages.write')} />;
    case 'red-envelopes':
      return (
        <RedEnvelopesPage {...scope} canWrite={can('rewards.write')} canReadReports={can('reports.read')} />
      );
    case 'dashboard':
      return (
        <DashboardPage
          operator={profile.operator}
          {...scope}
          permissions={profile.permissions}
          idleMinutes={profile.idleMinutes}
          expiresAt={profile.expiresAt}
          moneyHref={`${BASE_PATH}money`}
        />
      );
    default:
      return (
        <EmptyState title="Nothing to manage here yet.">
          This section opens when its server calls are in place.
        </EmptyState>
      );
  }
}

/** The panels other areas add to a player's page, as far as the operator may see them. */
function playerPanelsOf(can: (permission: Permission) => boolean): PlayerPanel[] {
  const panels: PlayerPanel[] = [];
  if (can('loyalty.read')) {
    panels.push({
      id: 'vip',
      render: (player) => <PlayerVip player={player} canWrite={can('loyalty.write')} />,
    });
    panels.push({
      id: 'points',
      render: (player) => (
        <PlayerPoints playerId={player.id} account={player.account} canWrite={can('loyalty.write')} />
      ),
    });
  }
  return panels;
}
