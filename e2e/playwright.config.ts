import { defineConfig } from '@playwright/test';

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

/**
 * Browser journeys against the real server on a fresh PostgreSQL database (global-setup.ts).
 * One worker: tests change the demo merchant's state (maintenance, blocked region), which every
 * page of the one server sees, so they must not overlap.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  // The 2-core CI machine builds and serves while the browser runs: lazy chunks may take seconds.
  expect: { timeout: 10_000 },
  reporter: jsonReportFile ? [['list'], ['json', { outputFile: jsonReportFile }]] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'en-PH',
    timezoneId: 'Asia/Manila',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    {
      name: 'desktop',
      use: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
    },
  ],
});
