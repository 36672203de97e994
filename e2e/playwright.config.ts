import { defineConfig } from '@playwright/test';
import { takesPictures } from './pictures.ts';
import { DESKTOP_ONLY, DESKTOP_PICTURE, PHONE_ONLY } from './tags.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking switches Chromium keeps dialling Google's hosts, which a
// closed network refuses many times a second; the sandbox needs privileges a CI container lacks.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const jsonReportFile = process.env.E2E_JSON_REPORT;

/** Two browsers beside the server fill a 2-core machine; E2E_WORKERS=1 runs the journeys one by one. */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Browser journeys against the real server on a fresh PostgreSQL database (global-setup.ts).
 * Journeys run side by side, each as its own member, operator and address; the few that change
 * what every page of the one server sees (the demo merchant's status or settings) are tagged
 * MERCHANT_WIDE and run alone (fixtures.ts, merchantLock). Each journey runs at the phone size,
 * the desktop size or both (tags.ts).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers,
  forbidOnly: Boolean(process.env.CI),
  // On CI a journey that failed is run once more; the summary still names it as flaky (.ci/run).
  retries: process.env.CI ? 1 : 0,
  // A ceiling, not a wait: journeys wait for conditions. A slow 2-core host took some desktop
  // journeys of four steps past 30 s in full while each step was within its own wait.
  timeout: 60_000,
  // The 2-core CI machine builds and serves while the browser runs: lazy chunks may take seconds.
  expect: { timeout: 10_000 },
  reporter: jsonReportFile ? [['list'], ['json', { outputFile: jsonReportFile }]] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'en-PH',
    timezoneId: 'Asia/Manila',
    // No transitions or animations to wait for; the site honours the setting everywhere.
    reducedMotion: 'reduce',
    // The lite app's service worker would install and fill its cache in every fresh context; the
    // journeys test the site, and pwa.spec.ts checks the worker in a browser of its own.
    serviceWorkers: 'block',
    // Recording a trace costs a fifth of a journey's time on two cores: on CI (which retries once) a
    // journey is traced on its retry only, so a failure still comes with its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      grepInvert: new RegExp(DESKTOP_ONLY),
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    {
      name: 'desktop',
      grepInvert: new RegExp(takesPictures ? PHONE_ONLY : `${PHONE_ONLY}|${DESKTOP_PICTURE}`),
      use: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
    },
  ],
});
