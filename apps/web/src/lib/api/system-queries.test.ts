import { expect, it } from 'vitest';
import { isSwitchEnabled } from './system-queries';

it('a whitelabel switch is read anywhere in the tree, and a missing one is off', () => {
  const tree = [
    {
      modId: 'REGISTER',
      enabled: true,
      children: [
        { modId: 'USERNAMEREG3', enabled: true, children: [] },
        { modId: 'MOBILENUMREG3', enabled: false, children: [] },
      ],
    },
    { modId: 'VERCODELOGIN', enabled: true, children: [] },
  ];
  expect(isSwitchEnabled(tree, 'USERNAMEREG3')).toBe(true);
  expect(isSwitchEnabled(tree, 'MOBILENUMREG3')).toBe(false);
  expect(isSwitchEnabled(tree, 'VERCODELOGIN')).toBe(true);
  expect(isSwitchEnabled(tree, 'FREEPLAY')).toBe(false);
  expect(isSwitchEnabled(undefined, 'VIP')).toBe(false);
});
