import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackOfficeError } from './back-office-api.ts';
import { fetchFile, fileNameOf } from './download-file.ts';

// A small local HTTP server answering as the platform's CSV routes do.
let server: Server;
let baseUrl: string;
let lastUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    lastUrl = request.url ?? '';
    if (request.url?.startsWith('/file')) {
      response.writeHead(200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="agent-top-overview-2026-11-01-2026-11-30.csv"',
      });
      response.end('\uFEFFDay,Valid bet\r\n2026-11-01,10.00\r\n');
    } else {
      response.writeHead(422, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          success: false,
          code: 'LIMIT_REACHED',
          message: 'A limit has been reached.',
          value: { max: 100000, total: 120000 },
        }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('a file from the back office', () => {
  it('comes with the server’s file name and the filled-in query values only', async () => {
    const file = await fetchFile(`${baseUrl}/file`, { preset: 'past7Days', search: '', page: undefined });
    expect(lastUrl).toBe('/file?preset=past7Days');
    expect(file.name).toBe('agent-top-overview-2026-11-01-2026-11-30.csv');
    // The byte order mark stays in the file (Excel needs it); text() would read past it.
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await file.blob.text()).toBe('Day,Valid bet\r\n2026-11-01,10.00\r\n');
  });

  it('is refused with the server’s code, message and value', async () => {
    const refusal = await fetchFile(`${baseUrl}/refused`).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BackOfficeError);
    expect(refusal).toMatchObject({ code: 'LIMIT_REACHED', value: { max: 100000, total: 120000 } });
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameOf('attachment; filename="agents-all.csv"')).toBe('agents-all.csv');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
