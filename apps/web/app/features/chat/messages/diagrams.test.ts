import { describe, expect, it, vi } from 'vitest';
import { DIAGRAM_CACHE_MAX, DIAGRAM_CACHE_TTL_MS, ExpiringCache } from './diagram-cache';
import { createDiagramRenderer, type DiagramLibrary, svgSize } from './diagrams';

describe('the diagram cache (spec 9: 1000 entries, 10 minutes)', () => {
  it('holds 1000 entries for 10 minutes by default', () => {
    expect(DIAGRAM_CACHE_MAX).toBe(1000);
    expect(DIAGRAM_CACHE_TTL_MS).toBe(600_000);
  });

  it('forgets an entry 10 minutes after it was stored', () => {
    let now = 0;
    const cache = new ExpiringCache<string>({ now: () => now });
    cache.set('graph TD; A-->B', '<svg/>');
    now = DIAGRAM_CACHE_TTL_MS - 1;
    expect(cache.get('graph TD; A-->B')).toBe('<svg/>');
    now = DIAGRAM_CACHE_TTL_MS;
    expect(cache.get('graph TD; A-->B')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never holds more than 1000 entries, dropping the least recently used', () => {
    const cache = new ExpiringCache<number>();
    for (let index = 0; index < DIAGRAM_CACHE_MAX; index += 1) cache.set(`d${index}`, index);
    expect(cache.get('d0')).toBe(0); // d0 is now the most recently used
    cache.set('new', -1);
    expect(cache.size).toBe(DIAGRAM_CACHE_MAX);
    expect(cache.get('d1')).toBeUndefined();
    expect(cache.get('d0')).toBe(0);
    expect(cache.get('new')).toBe(-1);
    for (let index = 0; index < 5000; index += 1) cache.set(`x${index}`, index);
    expect(cache.size).toBe(DIAGRAM_CACHE_MAX);
  });

  it('makes room from expired entries first', () => {
    let now = 0;
    const cache = new ExpiringCache<number>({ max: 3, ttlMs: 100, now: () => now });
    cache.set('old', 1);
    now = 50;
    cache.set('a', 2);
    cache.set('b', 3);
    now = 120;
    cache.set('c', 4);
    expect(cache.get('a')).toBe(2);
    expect(cache.get('b')).toBe(3);
    expect(cache.get('c')).toBe(4);
  });
});

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-8 -8 316.5 120"><g/></svg>';

function fakeLibrary(render: DiagramLibrary['render'] = async () => ({ svg })) {
  const library = { initialize: vi.fn(), render: vi.fn(render) };
  return library;
}

describe('drawing diagrams', () => {
  it('loads the library on the first diagram only and draws each source once', async () => {
    const library = fakeLibrary();
    const load = vi.fn(async () => library);
    const renderer = createDiagramRenderer({ load, onError: () => undefined });
    expect(load).not.toHaveBeenCalled();

    const [first, second] = await Promise.all([renderer.render('graph TD; A-->B'), renderer.render('graph TD; A-->B')]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ ok: true, width: 317, height: 120 });
    expect(first.ok && first.src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    await renderer.render('graph TD; A-->B');
    expect(renderer.cached('graph TD; A-->B')).toEqual(first);
    expect(load).toHaveBeenCalledTimes(1);
    expect(library.initialize).toHaveBeenCalledTimes(1);
    expect(library.initialize.mock.calls[0]?.[0]).toMatchObject({
      securityLevel: 'strict',
      htmlLabels: false,
      suppressErrorRendering: true,
      startOnLoad: false,
    });
    // a diagram's own directives may not turn HTML labels or a looser security level back on
    expect(library.initialize.mock.calls[0]?.[0]?.secure).toEqual(
      expect.arrayContaining(['secure', 'securityLevel', 'htmlLabels', 'maxTextSize']),
    );
    expect(library.render).toHaveBeenCalledTimes(1);
  });

  it('draws one diagram at a time', async () => {
    let running = 0;
    let most = 0;
    const library = fakeLibrary(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return { svg };
    });
    const renderer = createDiagramRenderer({ load: async () => library, onError: () => undefined });
    await Promise.all(['a', 'b', 'c'].map((source) => renderer.render(`graph TD; ${source}`)));
    expect(most).toBe(1);
    expect(library.render).toHaveBeenCalledTimes(3);
  });

  it('keeps a drawing error from the reader: reported, remembered, shown as code', async () => {
    const errors: unknown[] = [];
    const library = fakeLibrary(async () => {
      throw new Error('Parse error on line 1');
    });
    const renderer = createDiagramRenderer({ load: async () => library, onError: (detail) => errors.push(detail) });
    await expect(renderer.render('graph ??')).resolves.toEqual({ ok: false });
    await expect(renderer.render('graph ??')).resolves.toEqual({ ok: false });
    expect(library.render).toHaveBeenCalledTimes(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ source: 'graph ??' });
  });

  it('tries a library that did not load again next time', async () => {
    const library = fakeLibrary();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(library);
    const renderer = createDiagramRenderer({ load, onError: () => undefined });
    await expect(renderer.render('graph TD; A')).resolves.toEqual({ ok: false });
    await expect(renderer.render('graph TD; A')).resolves.toMatchObject({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('sends errors to a window event by default', async () => {
    const dispatched: Event[] = [];
    const fakeWindow = { dispatchEvent: (event: Event) => dispatched.push(event) };
    vi.stubGlobal('window', fakeWindow);
    try {
      const renderer = createDiagramRenderer({
        load: async () =>
          fakeLibrary(async () => {
            throw new Error('bad');
          }),
      });
      await renderer.render('pie ??');
      expect(dispatched).toHaveLength(1);
      expect(dispatched[0]?.type).toBe('chat:diagram-error');
      expect((dispatched[0] as CustomEvent).detail).toMatchObject({ source: 'pie ??' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("reads the drawing's size from its viewBox", () => {
    expect(svgSize(svg)).toEqual({ width: 317, height: 120 });
    expect(svgSize('<svg width="100%"></svg>')).toEqual({ width: null, height: null });
  });
});
