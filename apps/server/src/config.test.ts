import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.ts';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('configuration of accounts and messaging', () => {
  it('needs APP_SECRET in production, of at least 32 bytes', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toContain(
      'APP_SECRET is required in production (at least 32 bytes as hex or base64)',
    );
    expect(
      problemsOf({ NODE_ENV: 'production', APP_SECRET: 'abcd', PUBLIC_ORIGIN: 'https://www.example.com' }),
    ).toEqual(['APP_SECRET must hold at least 32 bytes as hex or base64']);
    const secret = 'a'.repeat(64);
    expect(
      loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, PUBLIC_ORIGIN: 'https://www.example.com' })
        .appSecret,
    ).toEqual(Buffer.from(secret, 'hex'));
  });

  it('makes a secret per process in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).appSecret).not.toEqual(
      loadConfig({ NODE_ENV: 'test' }).appSecret,
    );
  });

  it('keeps messages in the outbox unless a provider is configured completely', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({
      sms: { kind: 'outbox' },
      email: { kind: 'outbox' },
    });
    expect(problemsOf({ NODE_ENV: 'test', SMS_PROVIDER: 'http', EMAIL_PROVIDER: 'smtp' })).toEqual([
      'SMS_HTTP_URL is required when SMS_PROVIDER is http',
      'SMTP_URL is required when EMAIL_PROVIDER is smtp',
    ]);
    const config = loadConfig({
      NODE_ENV: 'test',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      SMS_HTTP_TOKEN: 't',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      EMAIL_FROM: 'Site <site@mail.example>',
    });
    expect(config.sms).toEqual({ kind: 'http', url: 'https://sms.example/send', token: 't' });
    expect(config.email).toEqual({
      kind: 'smtp',
      url: 'smtps://user:pass@mail.example:465',
      from: 'Site <site@mail.example>',
    });
  });

  it('names links after PUBLIC_ORIGIN, derived from PORT outside production and required in it', () => {
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4123' }).publicOrigin).toBe('http://localhost:4123');
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'https://Www.Example.com:8443' }).publicOrigin).toBe(
      'https://www.example.com:8443',
    );
    expect(problemsOf({ NODE_ENV: 'production', APP_SECRET: 'a'.repeat(64) })).toEqual([
      'PUBLIC_ORIGIN is required in production (the origin links and callbacks name)',
    ]);
    for (const bad of [
      'ftp://example.com',
      'https://example.com/path',
      'https://example.com/',
      'example.com',
    ]) {
      expect(problemsOf({ NODE_ENV: 'test', PUBLIC_ORIGIN: bad }), bad).toHaveLength(1);
    }
  });
});

describe('the table of variables', () => {
  it('names every variable the parser reads, and nothing else', () => {
    const read = new Set<string>();
    const env = new Proxy(
      {
        NODE_ENV: 'test',
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'https://sms.example/send',
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtp://mail.example:587',
      } as NodeJS.ProcessEnv,
      {
        get(target, name) {
          if (typeof name === 'string') read.add(name);
          return Reflect.get(target, name);
        },
      },
    );
    loadConfig(env);
    expect([...read].sort()).toEqual(Object.keys(CONFIG_VARIABLES).sort());
  });

  it('gives the defaults it documents', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.port).toBe(CONFIG_VARIABLES.PORT.fallback);
    expect(config.host).toBe(CONFIG_VARIABLES.HOST.fallback);
    expect(config.sandboxes).toMatchObject({
      identityPort: CONFIG_VARIABLES.IDENTITY_SANDBOX_PORT.fallback,
      payPort: CONFIG_VARIABLES.PAY_SANDBOX_PORT.fallback,
      vendorPort: CONFIG_VARIABLES.VENDOR_SANDBOX_PORT.fallback,
    });
    expect(
      problemsOf({ NODE_ENV: 'test', TRUST_PROXY_HOPS: '11', LOG_LEVEL: 'loud', RUN_JOBS: 'maybe' }),
    ).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'TRUST_PROXY_HOPS must be a whole number from 0 to 10 (got "11")',
      'RUN_JOBS must be true or false (got "maybe")',
    ]);
  });
});
