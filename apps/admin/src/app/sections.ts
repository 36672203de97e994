import {
  Banknote,
  FileText,
  Gamepad2,
  LayoutDashboard,
  type LucideIcon,
  ScrollText,
  Settings,
  ShieldCheck,
  UserCog,
  Users,
} from 'lucide-react';

export type Section = { id: string; title: string; summary: string; icon: LucideIcon };

/** The back office's areas, in the order operators reach for them. */
export const SECTIONS: readonly Section[] = [
  {
    id: 'dashboard',
    title: 'Dashboard',
    summary: 'Today at a glance: sign-ups, deposits, bets, alerts.',
    icon: LayoutDashboard,
  },
  {
    id: 'players',
    title: 'Players',
    summary: 'Find, review, lock and adjust player and agent accounts.',
    icon: Users,
  },
  {
    id: 'money',
    title: 'Money',
    summary: 'Deposits, withdrawals, adjustments and the ledger.',
    icon: Banknote,
  },
  { id: 'games', title: 'Games', summary: 'Catalogue, vendors, maintenance and rounds.', icon: Gamepad2 },
  {
    id: 'content',
    title: 'Content',
    summary: 'Banners, announcements, pop-ups and the help centre.',
    icon: FileText,
  },
  {
    id: 'configuration',
    title: 'Configuration',
    summary: 'Site switches, registration rules, domains, regions.',
    icon: Settings,
  },
  {
    id: 'reports',
    title: 'Reports',
    summary: 'Revenue, players, agents and games over any period.',
    icon: ScrollText,
  },
  { id: 'staff', title: 'Staff', summary: 'Operator accounts, roles and permissions.', icon: UserCog },
  { id: 'audit', title: 'Audit', summary: 'Who changed what, and when.', icon: ShieldCheck },
];

export const BASE_PATH = '/admin/';

/** The section a path names (/admin/players → players); the dashboard for anything else. */
export function findSectionByPath(pathname: string): Section {
  const id = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length).split('/')[0] : '';
  return SECTIONS.find((section) => section.id === id) ?? SECTIONS[0]!;
}
