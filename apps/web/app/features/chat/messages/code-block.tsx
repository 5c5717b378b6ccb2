import { useEffect, useId, useState } from 'react';
import { cx } from '../../../lib/cx';
import { type CopyTip, countLines, createCopyTip, foldsByDefault } from './code-rules';
import type { MessageTexts } from './texts';

export type CodeBlockProps = {
  code: string;
  /** the fence's language ('ts'), or '' */
  language: string;
  texts: MessageTexts;
  /** spec 9: blocks of 30 lines or more start folded when this is on */
  foldingOn: boolean;
};

/**
 * A fenced code block of a message: its language, a copy button whose text says whether copying
 * worked and comes back after 1500 ms (spec 8), and — for long blocks, when folding is on — a
 * button that shows the whole block.
 */
export function CodeBlock({ code, language, texts, foldingOn }: CodeBlockProps) {
  const foldable = foldsByDefault(code, foldingOn);
  const [folded, setFolded] = useState(foldable);
  const [tip, setTip] = useState<CopyTip>('idle');
  const [copier] = useState(() => createCopyTip(setTip));
  const id = useId();

  useEffect(() => () => copier.dispose(), [copier]);

  return (
    <div className="my-2 max-w-full overflow-hidden rounded-md border border-gray-700 bg-gray-950 text-gray-100 first:mt-0 last:mb-0">
      <div className="flex items-center justify-between gap-2 border-b border-white/10 py-0.5 pr-1 pl-3 text-xs">
        <span className="truncate font-mono text-gray-300">{language || texts.code}</span>
        <button
          type="button"
          onClick={() => void copier.copy(code)}
          className={cx(
            'min-h-7 shrink-0 rounded px-2 font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white',
            tip === 'copied' ? 'text-emerald-300' : tip === 'failed' ? 'text-rose-300' : 'text-gray-100',
          )}
        >
          <span aria-live="polite">{tip === 'copied' ? texts.copied : tip === 'failed' ? texts.copyFailed : texts.copy}</span>
        </button>
      </div>
      <pre id={id} className={cx('overflow-x-auto p-3 font-mono text-[13px] leading-5', folded && 'max-h-50 overflow-y-hidden')}>
        <code>{code}</code>
      </pre>
      {foldable ? (
        <button
          type="button"
          aria-expanded={!folded}
          aria-controls={id}
          onClick={() => setFolded((now) => !now)}
          className="block min-h-8 w-full border-t border-white/10 px-3 text-left text-xs font-semibold text-gray-100 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          {folded ? texts.expandCode(countLines(code)) : texts.collapseCode}
        </button>
      ) : null}
    </div>
  );
}
