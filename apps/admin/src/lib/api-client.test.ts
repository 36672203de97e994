import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestEnvelope, UNREACHABLE_CODE } from './api-client.ts';

// A small local HTTP server answering as the platform does, and as a broken proxy might.
let server: Server;
let baseUrl: string;
const seen: { method?: string; authorization?: string; contentType?: string; body?: string } = {};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      Object.assign(seen, {
        method: request.method,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      if (request.url === '/ok') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ success: true, value: { token: 't' } }));
      } else if (request.url === '/refused') {
        response.writeHead(422, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ success: false, code: 'BAD_CREDENTIALS', message: 'Wrong password' }));
      } else {
        response.writeHead(502, { 'Content-Type': 'text/html' });
        response.end('<h1>Bad gateway</h1>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('requestEnvelope', () => {
  it('hands back a success envelope as it came, sending JSON and the bearer token', async () => {
    const answer = await requestEnvelope(`${baseUrl}/ok`, {
      method: 'POST',
      body: { a: 1 },
      token: 'secret',
    });
    expect(answer).toEqual({ success: true, value: { token: 't' } });
    expect(seen).toMatchObject({
      method: 'POST',
      authorization: 'Bearer secret',
      contentType: 'application/json',
      body: '{"a":1}',
    });
  });

  it("hands back the server's failure with its code and message", async () => {
    const answer = await requestEnvelope(`${baseUrl}/refused`);
    expect(answer).toEqual({ success: false, code: 'BAD_CREDENTIALS', message: 'Wrong password' });
  });

  it('turns a reply that is not an envelope into a failure naming the status', async () => {
    const answer = await requestEnvelope(`${baseUrl}/broken`);
    expect(answer.success).toBe(false);
    if (!answer.success) {
      expect(answer.code).toBe(UNREACHABLE_CODE);
      expect(answer.message).toContain('502');
    }
  });

  it('turns a refused connection into a failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const answer = await requestEnvelope(`http://127.0.0.1:${port}/ok`);
    expect(answer).toMatchObject({ success: false, code: UNREACHABLE_CODE });
  });
});
