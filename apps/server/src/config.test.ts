import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
