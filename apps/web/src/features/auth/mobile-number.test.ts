import { expect, it } from 'vitest';
import { isValidMobileNumber } from './mobile-number';

it('a Philippine mobile number is 9 and nine digits, with or without the leading 0; others by length', () => {
  expect(isValidMobileNumber('+63', '09171234567')).toBe(true);
  expect(isValidMobileNumber('+63', '9171234567')).toBe(true);
  expect(isValidMobileNumber('+63', '0817123456')).toBe(false);
  expect(isValidMobileNumber('+63', '0917123456')).toBe(false);
  expect(isValidMobileNumber('+84', '912345678')).toBe(true);
  expect(isValidMobileNumber('+84', '12-34')).toBe(false);
});
