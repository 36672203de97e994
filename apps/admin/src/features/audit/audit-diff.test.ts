import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './audit-diff.ts';

describe('diffSnapshots', () => {
  it('says per field whether it was added, removed, changed or kept', () => {
    expect(
      diffSnapshots(
        { status: 'active', roleId: 'support', gone: 1 },
        { status: 'locked', roleId: 'support', added: true },
      ),
    ).toEqual([
      { path: 'status', before: '"active"', after: '"locked"', kind: 'changed' },
      { path: 'roleId', before: '"support"', after: '"support"', kind: 'same' },
      { path: 'gone', before: '1', after: '', kind: 'removed' },
      { path: 'added', before: '', after: 'true', kind: 'added' },
    ]);
  });

  it('treats a creation (no before) and a deletion (no after) as whole additions and removals', () => {
    expect(diffSnapshots(null, { name: 'Night desk' })).toEqual([
      { path: 'name', before: '', after: '"Night desk"', kind: 'added' },
    ]);
    expect(diffSnapshots({ name: 'Night desk' }, null)).toEqual([
      { path: 'name', before: '"Night desk"', after: '', kind: 'removed' },
    ]);
  });

  it('walks nested objects as dotted paths and compares arrays whole', () => {
    expect(diffSnapshots({ a: { b: [1, 2] } }, { a: { b: [1, 3] } })).toEqual([
      { path: 'a.b', before: '[1,2]', after: '[1,3]', kind: 'changed' },
    ]);
    expect(diffSnapshots(null, null)).toEqual([]);
  });
});
