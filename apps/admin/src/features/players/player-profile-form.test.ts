import { describe, expect, it } from 'vitest';
import type { PlayerProfile } from './player-profile-api.ts';
import { profileFormOf, readProfileForm, ruleProblemOf } from './player-profile-form.ts';

const rule = (
  minLength: number,
  maxLength: number,
  extra: { required?: boolean; locked?: boolean } = {},
) => ({
  required: extra.required ?? false,
  acceptedPattern: '*',
  patternId: 1,
  minLength,
  maxLength,
  type: 'text',
  locked: extra.locked ?? false,
});

const PROFILE: PlayerProfile = {
  values: {
    nickname: 'Lakan',
    birthday: '1990-05-17',
    telegram: null,
    zalo: null,
    address: '12 Mabini St, Quezon City',
    nationality: 'Filipino',
    occupation: null,
    sourceOfIncome: null,
    email: 'lakan@panalo.example',
    emailVerified: true,
    mobile: { dialingCode: '+63', nationalNumber: '9170000101' },
    mobileVerified: true,
  },
  rules: {
    nickname: rule(2, 20),
    birthday: rule(10, 10),
    telegram: rule(3, 50),
    zalo: rule(3, 50),
    address: rule(5, 200),
    nationality: rule(2, 50, { required: true, locked: true }),
    occupation: rule(2, 80),
    sourceOfIncome: rule(2, 80),
    email: rule(5, 100),
    mobileNum: rule(10, 11),
  },
};

describe('profileFormOf', () => {
  it('fills the form with the values, an unset one empty, the number split from its code', () => {
    expect(profileFormOf(PROFILE.values)).toMatchObject({
      nickname: 'Lakan',
      telegram: '',
      email: 'lakan@panalo.example',
      countryDialingCode: '+63',
      mobileNum: '9170000101',
    });
    expect(profileFormOf({ ...PROFILE.values, mobile: null })).toMatchObject({
      countryDialingCode: '+63',
      mobileNum: '',
    });
  });
});

describe('readProfileForm', () => {
  it('sends only what changed, trimmed, a cleared field as null', () => {
    const form = {
      ...profileFormOf(PROFILE.values),
      nickname: ' Datu ',
      address: '',
      nationality: 'Japanese',
      occupation: 'Nurse',
    };
    expect(readProfileForm(form, PROFILE)).toEqual({
      body: { nickname: 'Datu', address: null, nationality: 'Japanese', occupation: 'Nurse' },
    });
  });

  it('sends a new email address or mobile number, the number with its dialing code', () => {
    const form = {
      ...profileFormOf(PROFILE.values),
      email: 'LAKAN@panalo.example',
      mobileNum: '09170000202',
    };
    // The address in another case is the same one.
    expect(readProfileForm(form, PROFILE)).toEqual({
      body: { countryDialingCode: '+63', mobileNum: '09170000202' },
    });
    expect(readProfileForm({ ...form, mobileNum: '', email: '' }, PROFILE)).toEqual({
      body: { email: null, countryDialingCode: '+63', mobileNum: null },
    });
  });

  it('names each field a rule refuses at once, and says when nothing changed', () => {
    const form = { ...profileFormOf(PROFILE.values), nickname: 'L', nationality: '', telegram: 'ab' };
    expect(readProfileForm(form, PROFILE)).toEqual({
      errors: {
        nickname: 'Enter 2-20 characters.',
        telegram: 'Enter 3-50 characters.',
        nationality: 'Required by the register rules: it cannot be emptied.',
      },
    });
    expect(readProfileForm(profileFormOf(PROFILE.values), PROFILE)).toEqual({
      errors: { form: 'Nothing changed: edit a field first.' },
    });
  });
});

describe('ruleProblemOf', () => {
  it('counts characters as a person sees them, and one number when the bounds are equal', () => {
    expect(ruleProblemOf(rule(2, 3), 'ñé')).toBeUndefined();
    expect(ruleProblemOf(rule(10, 10), '1990-5-17')).toBe('Enter 10 characters.');
    expect(ruleProblemOf(rule(2, 3), '')).toBeUndefined();
  });
});
