import { describe, expect, it } from 'vitest';
import { findSectionByPath, SECTIONS, visibleSections } from './sections.ts';

describe('findSectionByPath', () => {
  it('finds every section under /admin/', () => {
    for (const section of SECTIONS) {
      expect(findSectionByPath(`/admin/${section.id}`)).toBe(section);
      expect(findSectionByPath(`/admin/${section.id}/deeper/path`)).toBe(section);
    }
  });

  it('falls back to the dashboard for the root, unknown sections and paths outside /admin/', () => {
    expect(findSectionByPath('/admin/').id).toBe('dashboard');
    expect(findSectionByPath('/admin/nothing-here').id).toBe('dashboard');
    expect(findSectionByPath('/players').id).toBe('dashboard');
  });

  it('lists the back office areas in their order', () => {
    expect(SECTIONS.map((section) => section.title)).toEqual([
      'Dashboard',
      'Players',
      'Agents',
      'Contracts',
      'Money',
      'Games',
      'Promotions',
      'Loyalty',
      'Referrals',
      'Red envelopes',
      'Rewards',
      'Missions',
      'Live chat',
      'Feedback',
      'Content',
      'Mail',
      'Configuration',
      'Reports',
      'Staff',
      'Roles',
      'Audit',
    ]);
  });
});

describe('visibleSections', () => {
  it('shows only the dashboard without permissions, and a section once its permission is held', () => {
    expect(visibleSections([]).map((section) => section.id)).toEqual(['dashboard']);
    expect(visibleSections(['audit.read', 'staff.read']).map((section) => section.id)).toEqual([
      'dashboard',
      'staff',
      'roles',
      'audit',
    ]);
  });
});
