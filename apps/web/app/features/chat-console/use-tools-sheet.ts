import { type RefObject, useEffect, useRef, useState } from 'react';

export type ToolTab = 'quick-replies' | 'transfer' | 'trajectory' | 'knowledge';

/**
 * The console's tools: which tab shows, and below 1024 px whether their side sheet is open. The
 * sheet takes the focus when it opens and gives it back to its toggle when it closes.
 */
export function useToolsSheet() {
  const [tab, setTab] = useState<ToolTab>('quick-replies');
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  const show = (which: ToolTab) => {
    setTab(which);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return {
    tab,
    setTab,
    open,
    show,
    close,
    /** opens the sheet on its tab, or closes it */
    flip: () => (open ? close() : show(tab)),
    toggle: toggle as RefObject<HTMLButtonElement | null>,
    panel: panel as RefObject<HTMLElement | null>,
  };
}

export type ToolsSheet = ReturnType<typeof useToolsSheet>;
