import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCsp } from './http/security';
import { body, createTestApp, type TestApp } from './testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the server shell', () => {
  it('answers /healthz with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ code: 200, result: { database: t.database.kind } });
  });

  it('gives every response a request id, and keeps a sane one it was given', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-1234' } });
    expect(given.headers['x-request-id']).toBe('lb-1234');
    const hostile = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': '<script>' } });
    expect(hostile.headers['x-request-id']).not.toBe('<script>');
  });

  it('sends security headers; a JSON answer allows no inline script at all', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-permitted-cross-domain-policies': 'none',
    });
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    expect(response.headers['content-security-policy']).not.toContain('nonce-');
    expect(response.headers['content-security-policy']).toContain("object-src 'none'");
  });

  it('gives each response that renders a page a nonce of its own in its script policy', async () => {
    const probe = Fastify();
    registerCsp(probe);
    probe.get('/page', async (_request, reply) => ({ nonce: reply.pageNonce, again: reply.pageNonce }));
    const policies: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await probe.inject({ method: 'GET', url: '/page' });
      const { nonce, again } = response.json() as { nonce: string; again: string };
      expect(again).toBe(nonce);
      expect(response.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}'`);
      policies.push(String(response.headers['content-security-policy']));
    }
    expect(policies[0]).not.toBe(policies[1]);
    await probe.close();
  });

  it('answers an unknown API path and method with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/shop/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(body(response)).toMatchObject({ code: 404, result: null });
  });

  it('publishes the OpenAPI document generated from the contracts, and its browsable UI', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api-docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/shop/login/register',
      '/shop/login/password',
      '/shop/login/refresh',
      '/shop/user/info',
      '/shop/user/edit',
      '/admin/login',
      '/admin/info',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const register = JSON.stringify(doc.paths['/shop/login/register']);
    for (const field of [
      'first_name',
      'last_name',
      'mobile',
      'code',
      'email',
      'password',
      'passwordConfirm',
      'invitation_code',
    ]) {
      expect(register).toContain(field);
    }
    const page = await t.app.inject({ method: 'GET', url: '/api-docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body.toLowerCase()).toContain('swagger');
    // the docs keep their own script policy, which lets their inline script run
    // the docs keep the policy of their own (which allows their styles), not the API answers' one
    const api = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(page.headers['content-security-policy']).not.toBe(api.headers['content-security-policy']);
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
  });

  it('never answers a 5xx for hostile input on the account endpoints', async () => {
    const payloads: unknown[] = [
      null,
      [],
      'text',
      42,
      { email: { $gt: '' } },
      { username: ['a'], password: { x: 1 } },
      { first_name: '\u0000'.repeat(10) },
    ];
    for (const url of ['/shop/login/register', '/shop/login/password', '/admin/login']) {
      for (const payload of payloads) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        expect(body(response).msg).toBeTruthy();
      }
    }
  });
});
