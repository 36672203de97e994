/**
 * What an operator may do in the back office. Every /bo route names the one permission it needs;
 * an area that adds routes adds its permissions here (and to the built-in roles that should have
 * them), and custom roles pick from this list.
 */
export const PERMISSIONS = [
  'staff.read',
  'staff.write',
  'roles.write',
  'audit.read',
  'players.read',
  'players.write',
  'support.chat',
  'support.feedback',
  'settings.read',
  'settings.write',
  'content.read',
  'content.write',
  'finance.read',
  'finance.write',
  'reports.read',
  'games.read',
  'games.write',
  'promotions.read',
  'promotions.write',
  'bonuses.write',
  'loyalty.read',
  'loyalty.write',
  'loyalty.redeems',
  'missions.read',
  'missions.write',
  'referrals.read',
  'referrals.write',
  'rewards.read',
  'rewards.write',
  'messages.read',
  'messages.write',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value);

export const BUILTIN_ROLE_IDS = ['owner', 'admin', 'finance', 'risk', 'support', 'content'] as const;
export type BuiltinRoleId = (typeof BUILTIN_ROLE_IDS)[number];

/**
 * The built-in roles' permissions. They live in code rather than in their rows so that a
 * permission added by a later area reaches the roles that should have it without a migration.
 * An owner has everything; an admin runs the site but does not define roles.
 */
export const BUILTIN_ROLE_PERMISSIONS: Record<BuiltinRoleId, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((permission) => permission !== 'roles.write'),
  finance: [
    'players.read',
    'finance.read',
    'finance.write',
    'reports.read',
    'promotions.read',
    'bonuses.write',
    'loyalty.read',
    'loyalty.redeems',
    'missions.read',
    'referrals.read',
    'rewards.read',
  ],
  risk: [
    'players.read',
    'players.write',
    'finance.read',
    'reports.read',
    'audit.read',
    'promotions.read',
    'bonuses.write',
    'referrals.read',
    'referrals.write',
  ],
  support: [
    'players.read',
    'players.write',
    'support.chat',
    'support.feedback',
    'content.read',
    'games.read',
    'promotions.read',
    'loyalty.read',
    'loyalty.redeems',
    'missions.read',
    'referrals.read',
    'rewards.read',
    'messages.read',
    'messages.write',
  ],
  // The catalogue (vendors, games, classify groups) is what the lobby shows: content staff run it,
  // and the promotions the site offers.
  content: [
    'content.read',
    'content.write',
    'settings.read',
    'games.read',
    'games.write',
    'promotions.read',
    'promotions.write',
    'loyalty.read',
    'loyalty.write',
    'missions.read',
    'missions.write',
    'referrals.read',
    'referrals.write',
    'rewards.read',
    'rewards.write',
    'messages.read',
    'messages.write',
  ],
};

export const isBuiltinRoleId = (id: string): id is BuiltinRoleId =>
  (BUILTIN_ROLE_IDS as readonly string[]).includes(id);

/** Whether every permission of `wanted` is among `held`: nobody hands out more than they have. */
export function isSubsetOf(wanted: readonly string[], held: readonly string[]): boolean {
  const heldSet = new Set(held);
  return wanted.every((permission) => heldSet.has(permission));
}
