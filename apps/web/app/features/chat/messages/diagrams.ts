import { ExpiringCache } from './diagram-cache';

/** Fired on window when a diagram cannot be drawn; the message then shows its source as code (spec 8). */
export const DIAGRAM_ERROR_EVENT = 'chat:diagram-error';
export type DiagramErrorDetail = { source: string; error: unknown };

/** What is used of the diagram library (mermaid). */
export type DiagramLibrary = {
  initialize: (config: Record<string, unknown>) => void;
  render: (id: string, text: string) => Promise<{ svg: string }>;
};

/**
 * A drawn diagram as an image address (an SVG shown through <img> runs no script and loads
 * nothing, whatever its labels hold), or a diagram that could not be drawn.
 */
export type DiagramResult = { ok: true; src: string; width: number | null; height: number | null } | { ok: false };

/**
 * The drawing settings: 'strict' escapes every label and `htmlLabels: false` draws labels as SVG
 * text, never as HTML; errors are thrown to us, never drawn into the page. `secure` names the
 * settings a diagram's own `%%{init}%%` directive or front matter may not change (mermaid's own
 * list, and the labels' kind, at any depth: `flowchart.htmlLabels` too).
 */
export const DIAGRAM_CONFIG = {
  startOnLoad: false,
  securityLevel: 'strict',
  suppressErrorRendering: true,
  htmlLabels: false,
  secure: ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'suppressErrorRendering', 'maxEdges', 'htmlLabels'],
  theme: 'neutral',
  fontFamily: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
  maxTextSize: 20_000,
} as const;

/** The SVG's own size, from its viewBox, so the image keeps its proportions while it loads. */
export function svgSize(svg: string): { width: number | null; height: number | null } {
  const box = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg);
  const width = box?.[1] ? Number(box[1]) : Number.NaN;
  const height = box?.[2] ? Number(box[2]) : Number.NaN;
  return Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0
    ? { width: Math.round(width), height: Math.round(height) }
    : { width: null, height: null };
}

export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const reportToWindow = (detail: DiagramErrorDetail) => {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(DIAGRAM_ERROR_EVENT, { detail }));
};

/**
 * Draws diagrams from their source: the library is loaded on the first diagram only, drawings run
 * one at a time (the library draws in a shared scratch element), and each result — a failure too —
 * is kept in the bounded cache (spec 9: 1000 entries, 10 minutes). A library that did not load is
 * tried again next time and its failure is not cached.
 */
export function createDiagramRenderer({
  load,
  cache = new ExpiringCache<DiagramResult>(),
  onError = reportToWindow,
}: {
  load: () => Promise<DiagramLibrary>;
  cache?: ExpiringCache<DiagramResult>;
  onError?: (detail: DiagramErrorDetail) => void;
}) {
  let library: Promise<DiagramLibrary> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let counter = 0;
  const drawing = new Map<string, Promise<DiagramResult>>();

  const loadLibrary = () => {
    library ??= load().then(
      (loaded) => {
        loaded.initialize({ ...DIAGRAM_CONFIG });
        return loaded;
      },
      (error: unknown) => {
        library = null;
        throw error;
      },
    );
    return library;
  };

  const draw = async (source: string): Promise<DiagramResult> => {
    let loaded: DiagramLibrary;
    try {
      loaded = await loadLibrary();
    } catch (error) {
      onError({ source, error });
      return { ok: false };
    }
    counter += 1;
    const id = `chat-diagram-${counter}`;
    try {
      const { svg } = await loaded.render(id, source);
      const result: DiagramResult = { ok: true, src: svgDataUrl(svg), ...svgSize(svg) };
      cache.set(source, result);
      return result;
    } catch (error) {
      onError({ source, error });
      const failed: DiagramResult = { ok: false };
      cache.set(source, failed);
      return failed;
    } finally {
      // whatever the library left behind in the page while drawing
      if (typeof document !== 'undefined') {
        document.getElementById(id)?.remove();
        document.getElementById(`d${id}`)?.remove();
      }
    }
  };

  return {
    /** A diagram already drawn (or known not to draw), for the first render. */
    cached: (source: string): DiagramResult | undefined => cache.get(source),
    /** Draws `source` (once, however many messages ask for it at the same time). */
    render(source: string): Promise<DiagramResult> {
      const known = cache.get(source);
      if (known) return Promise.resolve(known);
      const running = drawing.get(source);
      if (running) return running;
      const next = queue.then(() => draw(source));
      queue = next.catch(() => undefined);
      const tracked = next.finally(() => drawing.delete(source));
      drawing.set(source, tracked);
      return tracked;
    },
  };
}

export type DiagramRenderer = ReturnType<typeof createDiagramRenderer>;

/** The chat's diagrams: mermaid is fetched only when a message holds a ```mermaid block. */
export const diagrams: DiagramRenderer = createDiagramRenderer({
  load: () => import('mermaid').then((module) => module.default as unknown as DiagramLibrary),
});
