import { type SandboxClient, startIdentitySandbox } from './identity-sandbox.ts';

/**
 * Runs the identity sandbox from the environment: IDENTITY_SANDBOX_HOST (127.0.0.1),
 * IDENTITY_SANDBOX_PORT (3100; 0 picks a free one) and IDENTITY_SANDBOX_CLIENTS, a JSON array of
 * { clientId, clientSecret, redirectUris, standsInFor }. When it listens it prints one JSON line,
 * { "issuer": "…" }, for the process that started it.
 */
const host = process.env.IDENTITY_SANDBOX_HOST ?? '127.0.0.1';
const port = Number(process.env.IDENTITY_SANDBOX_PORT ?? '3100');
const clients = JSON.parse(process.env.IDENTITY_SANDBOX_CLIENTS ?? '[]') as SandboxClient[];
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`IDENTITY_SANDBOX_PORT must be a port number, not "${process.env.IDENTITY_SANDBOX_PORT}"`);
  process.exit(78);
}
if (!Array.isArray(clients) || clients.length === 0) {
  console.error('IDENTITY_SANDBOX_CLIENTS must list at least one client');
  process.exit(78);
}

const sandbox = await startIdentitySandbox({ host, port, clients });
console.log(JSON.stringify({ issuer: sandbox.issuer }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
