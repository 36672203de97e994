import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlayerProfilePanel } from './player-profile.tsx';
import type { PlayerProfile } from './player-profile-api.ts';

const rule = (locked = false) => ({
  required: false,
  acceptedPattern: '*',
  patternId: 1,
  minLength: 2,
  maxLength: 50,
  type: 'text',
  locked,
});

const PROFILE: PlayerProfile = {
  values: {
    nickname: 'Lakan',
    birthday: '1990-05-17',
    telegram: '@lakan_ph',
    zalo: null,
    address: null,
    nationality: 'Filipino',
    occupation: null,
    sourceOfIncome: 'Salary',
    email: 'lakan@panalo.example',
    emailVerified: false,
    mobile: { dialingCode: '+63', nationalNumber: '9170000101' },
    mobileVerified: true,
  },
  rules: {
    nickname: rule(),
    birthday: rule(),
    telegram: rule(),
    zalo: rule(),
    address: rule(),
    nationality: rule(true),
    occupation: rule(),
    sourceOfIncome: rule(),
    email: rule(),
    mobileNum: rule(),
  },
};

/** The panel drawn once with the player's profile read. */
function panelText(canWrite: boolean): string {
  const client = new QueryClient();
  client.setQueryData(['bo', 'player', 'u-1', 'profile'], PROFILE);
  const html = renderToString(
    createElement(
      QueryClientProvider,
      { client },
      createElement(PlayerProfilePanel, { player: { id: 'u-1', account: 'juan88' }, canWrite }),
    ),
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');
}

describe("a player's profile panel", () => {
  it('shows every field, the unset ones as such, the locked ones marked and the contacts’ verification', () => {
    const text = panelText(false);
    expect(text).toContain('Nickname Lakan');
    expect(text).toContain('Source of income Salary');
    expect(text).toContain('Zalo Not set');
    expect(text).toContain('Nationality Filipino locked after registration');
    expect(text).toContain('lakan@panalo.example (not verified)');
    expect(text).toContain('+63 9170000101 (verified)');
    expect(text).not.toContain('Edit');
  });

  it('offers the edit to an operator who may make it', () => {
    expect(panelText(true)).toContain('Edit');
  });
});
