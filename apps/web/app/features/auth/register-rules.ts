import type { passwordChecks } from '@shop/contracts/auth-rules';

/**
 * spec 4: what still keeps the Register button disabled, in the words told to the shopper under
 * it: the three password rules and both boxes.
 */
export function registerBlockers(checks: ReturnType<typeof passwordChecks>, marketing: boolean, terms: boolean): string[] {
  return [
    checks.length && checks.cases && checks.match ? null : 'meet the three password rules',
    marketing ? null : 'tick the offers box',
    terms ? null : 'agree to the Terms and Privacy Policy',
  ].filter((blocker): blocker is string => blocker !== null);
}

/** 'a', 'a and b', 'a, b and c'. */
export const joinWithAnd = (parts: string[]) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
