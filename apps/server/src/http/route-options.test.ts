import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guarded, tokenSecurity, unguarded } from './route-options';

const hook = async () => {};
const ZQuery = z.object({ page: z.number() });

describe('route options', () => {
  it('gives a guarded route its group tags first, its own schema, the token security last and the hook', () => {
    const options = guarded(['staff orders'], hook)({ summary: 'Orders', querystring: ZQuery });
    expect(options.onRequest).toBe(hook);
    expect(options.schema).toEqual({ tags: ['staff orders'], summary: 'Orders', querystring: ZQuery, security: tokenSecurity });
    expect(Object.keys(options.schema)).toEqual(['tags', 'summary', 'querystring', 'security']);
  });

  it('leaves the security out for a group whose documentation never named it', () => {
    const options = guarded(['requests', 'staff'], hook, { documentToken: false })({ summary: 'Requests' });
    expect(options.schema).toEqual({ tags: ['requests', 'staff'], summary: 'Requests' });
  });

  it('gives a public route its tags and no hook', () => {
    const options = unguarded(['orders'])({ summary: 'Carriers' });
    expect(options).toEqual({ schema: { tags: ['orders'], summary: 'Carriers' } });
  });
});
