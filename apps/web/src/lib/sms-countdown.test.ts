import { expect, it } from 'vitest';
import { computeSmsCountdownSeconds } from './sms-countdown';

it('the SMS button counts down 60 s per minute of validity, 1 minute when the server names none', () => {
  expect(computeSmsCountdownSeconds(1)).toBe(60);
  expect(computeSmsCountdownSeconds(5)).toBe(300);
  expect(computeSmsCountdownSeconds(undefined)).toBe(60);
  expect(computeSmsCountdownSeconds(0)).toBe(60);
  expect(computeSmsCountdownSeconds(Number.NaN)).toBe(60);
});
