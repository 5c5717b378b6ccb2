import { type ReactNode, useEffect, useState } from 'react';
import { type DiagramResult, diagrams } from './diagrams';
import type { MessageTexts } from './texts';

/**
 * A ```mermaid block drawn as a diagram. The diagram library is fetched with the first diagram; a
 * source it cannot draw shows as the code it is (`fallback`), the error going to the window's
 * DIAGRAM_ERROR_EVENT rather than to the reader (spec 8).
 */
export function MermaidDiagram({ source, texts, fallback }: { source: string; texts: MessageTexts; fallback: ReactNode }) {
  const [drawn, setDrawn] = useState<{ source: string; result: DiagramResult } | null>(() => {
    const known = diagrams.cached(source);
    return known ? { source, result: known } : null;
  });
  const result = drawn?.source === source ? drawn.result : null;

  useEffect(() => {
    if (result) return;
    let current = true;
    void diagrams.render(source).then((next) => {
      if (current) setDrawn({ source, result: next });
    });
    return () => {
      current = false;
    };
  }, [source, result]);

  if (!result) {
    return (
      <div
        role="status"
        className="my-2 flex min-h-24 items-center justify-center rounded-md border border-dashed border-gray-300 bg-white px-3 text-xs text-gray-700"
      >
        {texts.drawingDiagram}
      </div>
    );
  }
  if (!result.ok) return fallback;
  const firstLine = source.split('\n', 1)[0]?.trim() ?? '';
  return (
    <figure className="my-2 overflow-x-auto rounded-md bg-white p-2 first:mt-0 last:mb-0">
      <img
        src={result.src}
        alt={firstLine ? `${texts.diagram}: ${firstLine}` : texts.diagram}
        width={result.width ?? undefined}
        height={result.height ?? undefined}
        decoding="async"
        className="mx-auto h-auto max-w-full"
      />
    </figure>
  );
}
