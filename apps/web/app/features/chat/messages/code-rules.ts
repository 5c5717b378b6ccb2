/** spec 9 "Markdown preview": code blocks of this many lines or more fold when folding is on. */
export const CODE_FOLD_MIN_LINES = 30;
/** spec 8: the copy button's tip shows this long before its text comes back. */
export const COPY_TIP_MS = 1500;
/** Lines a folded block still shows. */
export const CODE_FOLDED_LINES = 10;

/** The number of lines of a code block's text (a final line break ends the last line, it starts none). */
export function countLines(code: string): number {
  if (code === '') return 0;
  const body = code.endsWith('\n') ? code.slice(0, -1) : code;
  return body.split('\n').length;
}

/** spec 9: whether a block of `code` starts folded. */
export const foldsByDefault = (code: string, foldingOn: boolean) => foldingOn && countLines(code) >= CODE_FOLD_MIN_LINES;

/** The language a fenced block names (```ts → 'ts'), from its code element's class names. */
export function codeLanguage(className: unknown): string {
  const names = Array.isArray(className) ? className : typeof className === 'string' ? className.split(/\s+/) : [];
  for (const name of names) {
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice('language-'.length).toLowerCase();
  }
  return '';
}

/**
 * Puts `text` on the clipboard: the asynchronous clipboard where the page may use it, else a
 * selected hidden textarea and the copy command. Resolves whether it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission, not a secure context): the older way may still work
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  area.style.pointerEvents = 'none';
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  try {
    area.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}

/** What a code block's copy button says: its own text, or for COPY_TIP_MS whether copying worked. */
export type CopyTip = 'idle' | 'copied' | 'failed';

/**
 * The copy button's behaviour (spec 8): copy, show the success or failure tip, and bring the
 * button's text back COPY_TIP_MS later (a second click starts the wait again).
 */
export function createCopyTip(
  onTip: (tip: CopyTip) => void,
  {
    copy = copyText,
    schedule = (run: () => void, wait: number) => setTimeout(run, wait),
    cancel = (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  }: {
    copy?: (text: string) => Promise<boolean>;
    schedule?: (run: () => void, wait: number) => unknown;
    cancel?: (handle: unknown) => void;
  } = {},
) {
  let handle: unknown = null;
  return {
    async copy(text: string): Promise<boolean> {
      const copied = await copy(text).catch(() => false);
      if (handle !== null) cancel(handle);
      onTip(copied ? 'copied' : 'failed');
      handle = schedule(() => {
        handle = null;
        onTip('idle');
      }, COPY_TIP_MS);
      return copied;
    },
    /** stops a pending restore (the block is gone) */
    dispose() {
      if (handle !== null) cancel(handle);
      handle = null;
    },
  };
}
