/** The conversation a console tab has open, kept for the tab's life (a reload reopens it). */
const OPEN_SESSION_KEY = 'agent_console_open_session';

export function rememberOpenSession(sessionId: number | null) {
  try {
    if (sessionId === null) window.sessionStorage.removeItem(OPEN_SESSION_KEY);
    else window.sessionStorage.setItem(OPEN_SESSION_KEY, String(sessionId));
  } catch {
    // session storage disabled: a reload starts with no conversation open
  }
}

export function rememberedOpenSession(): number | null {
  try {
    const stored = Number(window.sessionStorage.getItem(OPEN_SESSION_KEY));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}
