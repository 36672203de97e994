import { type SandboxVendorSecret, startVendorSandbox } from './vendor-sandbox.ts';

/**
 * Runs the vendor sandbox from the environment: VENDOR_SANDBOX_HOST (127.0.0.1),
 * VENDOR_SANDBOX_PORT (3300; 0 picks a free one), VENDOR_SANDBOX_WALLET_URL (the platform, e.g.
 * http://127.0.0.1:3000), VENDOR_SANDBOX_SECRETS (a JSON array of { vendor, secret }),
 * VENDOR_SANDBOX_DUPLICATE_RATE (0.1) and VENDOR_SANDBOX_FAILURE_RATE (0). When it listens it
 * prints one JSON line, { "url": "…" }, for the process that started it.
 */
const host = process.env.VENDOR_SANDBOX_HOST ?? '127.0.0.1';
const port = Number(process.env.VENDOR_SANDBOX_PORT ?? '3300');
const walletUrl = process.env.VENDOR_SANDBOX_WALLET_URL ?? 'http://127.0.0.1:3000';
const secrets = JSON.parse(process.env.VENDOR_SANDBOX_SECRETS ?? '[]') as SandboxVendorSecret[];
const duplicateRate = Number(process.env.VENDOR_SANDBOX_DUPLICATE_RATE ?? '0.1');
const failureRate = Number(process.env.VENDOR_SANDBOX_FAILURE_RATE ?? '0');
const problems: string[] = [];
if (!Number.isInteger(port) || port < 0 || port > 65_535)
  problems.push('VENDOR_SANDBOX_PORT must be a port number');
if (!Array.isArray(secrets))
  problems.push('VENDOR_SANDBOX_SECRETS must be a JSON array of { vendor, secret }');
for (const [name, rate] of [
  ['VENDOR_SANDBOX_DUPLICATE_RATE', duplicateRate],
  ['VENDOR_SANDBOX_FAILURE_RATE', failureRate],
] as const) {
  if (!(rate >= 0 && rate <= 1)) problems.push(`${name} must be between 0 and 1`);
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(78);
}

const sandbox = await startVendorSandbox({ host, port, walletUrl, secrets, duplicateRate, failureRate });
console.log(JSON.stringify({ url: sandbox.url }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
