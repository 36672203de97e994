import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('the envelope', () => {
  it('answers an unknown route with 404 NOT_FOUND in the envelope and a request id', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('translates the message into the requested language', async () => {
    const english = await testApp.app.inject({ method: 'GET', url: '/nowhere?language=EN' });
    const tagalog = await testApp.app.inject({ method: 'GET', url: '/nowhere?language=TY' });
    expect(english.json().message).toBe('Not found.');
    expect(tagalog.json().message).toBe('Hindi nahanap.');
  });

  it('reports readiness when the database answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ready');
  });
});
