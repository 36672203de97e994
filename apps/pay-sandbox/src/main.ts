import { type SandboxMerchant, startPaySandbox } from './pay-sandbox.ts';

/**
 * Runs the payment sandbox from the environment: PAY_SANDBOX_HOST (127.0.0.1), PAY_SANDBOX_PORT
 * (3200; 0 picks a free one), PAY_SANDBOX_MERCHANTS (a JSON array of { merchantNo, secret }) and
 * PAY_SANDBOX_CALLBACK_DELAY_MS (the first retry's wait, 1000) and PAY_SANDBOX_PAYOUT_DELAY_MS (how
 * long a payout takes, 2000). When it listens it prints one
 * JSON line, { "url": "…" }, for the process that started it.
 */
const host = process.env.PAY_SANDBOX_HOST ?? '127.0.0.1';
const port = Number(process.env.PAY_SANDBOX_PORT ?? '3200');
const merchants = JSON.parse(process.env.PAY_SANDBOX_MERCHANTS ?? '[]') as SandboxMerchant[];
const callbackFirstDelayMs = Number(process.env.PAY_SANDBOX_CALLBACK_DELAY_MS ?? '1000');
const payoutDelayMs = Number(process.env.PAY_SANDBOX_PAYOUT_DELAY_MS ?? '2000');
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PAY_SANDBOX_PORT must be a port number, not "${process.env.PAY_SANDBOX_PORT}"`);
  process.exit(78);
}
if (!Array.isArray(merchants) || merchants.length === 0) {
  console.error('PAY_SANDBOX_MERCHANTS must list at least one merchant');
  process.exit(78);
}

const sandbox = await startPaySandbox({ host, port, merchants, callbackFirstDelayMs, payoutDelayMs });
console.log(JSON.stringify({ url: sandbox.url }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
