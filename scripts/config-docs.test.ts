import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../apps/server/src/config.ts';
import { CONFIGURATION_DOC, describeType, renderConfigurationDoc } from './config-docs.ts';

describe('docs/configuration.md', () => {
  it('lists every variable of the table with its type, default and meaning', () => {
    const doc = renderConfigurationDoc({
      PORT: { type: { kind: 'integer', min: 0, max: 65535 }, fallback: 3000, meaning: 'the port' },
      LOG_LEVEL: {
        type: { kind: 'choice', choices: ['info', 'debug', 'silent'] },
        fallback: 'info',
        defaultText: '`info` (`silent` in tests)',
        meaning: 'how much to log',
      },
      REDIS_URL: { type: { kind: 'url', protocols: ['redis:', 'rediss:'] }, meaning: 'Redis' },
    });
    const rows = doc.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => row.split('|').map((cell) => cell.trim()))).toEqual([
      ['', '`PORT`', 'whole number, 0 to 65535', '`3000`', 'the port', ''],
      ['', '`LOG_LEVEL`', '`info`, `debug` or `silent`', '`info` (`silent` in tests)', 'how much to log', ''],
      ['', '`REDIS_URL`', 'URL: `redis://…` or `rediss://…`', 'unset', 'Redis', ''],
    ]);
  });

  it('names a type for every kind', () => {
    expect(describeType({ kind: 'boolean' })).toBe('`true` or `false`');
    expect(describeType({ kind: 'secret', minBytes: 32 })).toBe('at least 32 bytes, hex or base64');
    expect(describeType({ kind: 'choice', choices: ['only'] })).toBe('`only`');
  });

  it('is committed as generated from the server table (`npm run docs:config`)', () => {
    const doc = renderConfigurationDoc();
    for (const name of Object.keys(CONFIG_VARIABLES)) expect(doc).toContain(`| \`${name}\``);
    expect(readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(doc);
  });
});
