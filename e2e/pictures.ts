/**
 * Whether journeys take their pictures (e2e/screenshots): yes on a developer's machine, where they
 * are looked at; no on CI, where nobody opens them and a full-page picture at the phone's pixel ratio
 * costs a second of a two-core machine. E2E_PICTURES=1 or 0 says so either way. A failed journey's
 * own screenshot and trace (playwright.config.ts) are kept regardless.
 */
export const takesPictures = process.env.E2E_PICTURES ? process.env.E2E_PICTURES === '1' : !process.env.CI;
