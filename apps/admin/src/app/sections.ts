import {
  Banknote,
  Crown,
  FileSignature,
  FileText,
  Gamepad2,
  Gift,
  Headset,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MessageSquareText,
  Network,
  ScrollText,
  Send,
  Settings,
  ShieldCheck,
  SquareCheckBig,
  Ticket,
  Trophy,
  UserCog,
  UserPlus,
  Users,
} from 'lucide-react';

export type Section = {
  id: string;
  title: string;
  summary: string;
  icon: LucideIcon;
  /** The permission that opens the section (the server checks the same one on its calls); none for the dashboard. */
  permission: string | null;
};

/** The back office's areas, in the order operators reach for them. */
export const SECTIONS: readonly Section[] = [
  {
    id: 'dashboard',
    title: 'Dashboard',
    summary: 'Today at a glance: sign-ups, deposits, bets, alerts.',
    icon: LayoutDashboard,
    permission: null,
  },
  {
    id: 'players',
    title: 'Players',
    summary: 'Find, review, lock and adjust player and agent accounts.',
    icon: Users,
    permission: 'players.read',
  },
  {
    id: 'agents',
    title: 'Agents',
    summary: 'Agent teams and their figures, new agents, upline moves and agent types.',
    icon: Network,
    permission: 'players.read',
  },
  {
    id: 'contracts',
    title: 'Contracts',
    summary: "Agents' dividend and salary contracts, offers, settlement runs and templates.",
    icon: FileSignature,
    permission: 'players.read',
  },
  {
    id: 'money',
    title: 'Money',
    summary: 'Deposits, withdrawals, adjustments and the ledger.',
    icon: Banknote,
    permission: 'finance.read',
  },
  {
    id: 'games',
    title: 'Games',
    summary: 'Catalogue, vendors, categories, maintenance and the hot list.',
    icon: Gamepad2,
    permission: 'games.read',
  },
  {
    id: 'promotions',
    title: 'Promotions',
    summary: "Promotions and their bonuses, built with a player's-eye preview, and members' applications.",
    icon: Gift,
    permission: 'promotions.read',
  },
  {
    id: 'loyalty',
    title: 'Loyalty',
    summary:
      'VIP levels, their members and gifts, rebates paid, and the points mall: goods and the queue of redeems.',
    icon: Crown,
    permission: 'loyalty.read',
  },
  {
    id: 'referrals',
    title: 'Referrals',
    summary: "Members' referral rules, the friends they brought, held rewards to review, and the cost.",
    icon: UserPlus,
    permission: 'referrals.read',
  },
  {
    id: 'red-envelopes',
    title: 'Red envelopes',
    summary: 'Timed drops of red envelopes: schedule them, follow who opened them, and what they cost.',
    icon: Mail,
    permission: 'rewards.read',
  },
  {
    id: 'rewards',
    title: 'Rewards',
    summary:
      'Prize wheels and golden eggs: their prizes and chances, the rules that give tickets, the draws and their cost.',
    icon: Ticket,
    permission: 'rewards.read',
  },
  {
    id: 'missions',
    title: 'Missions',
    summary:
      'Daily and weekly missions, leaderboards with their prizes and early close, and the rewards paid.',
    icon: Trophy,
    permission: 'missions.read',
  },
  {
    id: 'desk',
    title: 'Live chat',
    summary:
      'The live-chat desk: the queue by VIP level, accepting, answering, transfers and the player beside the chat.',
    icon: Headset,
    permission: 'support.chat',
  },
  {
    id: 'feedback',
    title: 'Feedback',
    summary: "Members' feedback by status and topic, with its pictures, answered into their messages.",
    icon: MessageSquareText,
    permission: 'support.feedback',
  },
  {
    id: 'content',
    title: 'Content',
    summary: 'Banners, announcements, pop-ups and the help centre.',
    icon: FileText,
    permission: 'content.read',
  },
  {
    id: 'mail',
    title: 'Mail',
    summary:
      "Mail to members, a VIP level or an agent's team, now or scheduled, and the system messages' wording.",
    icon: Send,
    permission: 'messages.read',
  },
  {
    id: 'configuration',
    title: 'Configuration',
    summary: 'Site switches, registration rules, domains, regions.',
    icon: Settings,
    permission: 'settings.read',
  },
  {
    id: 'reports',
    title: 'Reports',
    summary: 'Revenue, players, agents and games over any period.',
    icon: ScrollText,
    permission: 'reports.read',
  },
  {
    id: 'staff',
    title: 'Staff',
    summary: 'Operator accounts: roles, locks, passwords and sessions.',
    icon: UserCog,
    permission: 'staff.read',
  },
  {
    id: 'roles',
    title: 'Roles',
    summary: 'What each role may do: built-in roles and your own.',
    icon: SquareCheckBig,
    permission: 'staff.read',
  },
  {
    id: 'audit',
    title: 'Audit',
    summary: 'Who changed what, and when, from where.',
    icon: ShieldCheck,
    permission: 'audit.read',
  },
];

export const BASE_PATH = '/admin/';

/** The section a path names (/admin/players → players); the dashboard for anything else. */
export function findSectionByPath(pathname: string): Section {
  const id = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length).split('/')[0] : '';
  return SECTIONS.find((section) => section.id === id) ?? SECTIONS[0]!;
}

/** The sections an operator with these permissions may open, in their order. */
export function visibleSections(permissions: readonly string[]): Section[] {
  return SECTIONS.filter(
    (section) => section.permission === null || permissions.includes(section.permission),
  );
}
