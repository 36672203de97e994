import { describe, expect, it } from 'vitest';
import {
  BUILTIN_ROLE_IDS,
  BUILTIN_ROLE_PERMISSIONS,
  isPermission,
  isSubsetOf,
  PERMISSIONS,
} from './permissions.ts';

describe('permissions', () => {
  it('are unique, and every built-in role grants only known ones', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const role of BUILTIN_ROLE_IDS) {
      expect([role, BUILTIN_ROLE_PERMISSIONS[role].every(isPermission)]).toEqual([role, true]);
    }
  });

  it('give the owner everything and every other built-in role less', () => {
    expect([...BUILTIN_ROLE_PERMISSIONS.owner]).toEqual([...PERMISSIONS]);
    for (const role of BUILTIN_ROLE_IDS.filter((id) => id !== 'owner')) {
      expect(BUILTIN_ROLE_PERMISSIONS[role].length).toBeLessThan(PERMISSIONS.length);
    }
    // An admin runs the site but cannot define roles, so cannot grant itself more.
    expect(BUILTIN_ROLE_PERMISSIONS.admin).not.toContain('roles.write');
  });

  it('compare as sets: nobody hands out a permission they lack', () => {
    expect(isSubsetOf(['staff.read'], ['staff.read', 'audit.read'])).toBe(true);
    expect(isSubsetOf([], [])).toBe(true);
    expect(isSubsetOf(['roles.write'], BUILTIN_ROLE_PERMISSIONS.admin)).toBe(false);
  });
});
