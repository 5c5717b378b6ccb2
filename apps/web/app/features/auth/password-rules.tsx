import { PASSWORD_MIN_LENGTH } from '@shop/contracts';
import { passwordChecks } from '@shop/contracts/auth-rules';
import { cx } from '../../lib/cx';

type PasswordRulesProps = { id?: string; password: string; confirmation: string };

/** spec 2: the live password indicators (length, upper and lower case, confirmation matches). */
export function PasswordRules({ id, password, confirmation }: PasswordRulesProps) {
  const checks = passwordChecks(password, confirmation);
  const rules = [
    { key: 'length', met: checks.length, text: `At least ${PASSWORD_MIN_LENGTH} characters` },
    { key: 'cases', met: checks.cases, text: 'Upper and lower case letters' },
    { key: 'match', met: checks.match, text: 'Passwords match' },
  ];
  return (
    <ul id={id} aria-live="polite" aria-label="Password requirements" className="flex flex-col gap-1 text-sm">
      {rules.map((rule) => (
        <li key={rule.key} className={cx('flex items-center gap-2', rule.met ? 'text-green-800' : 'text-gray-700')}>
          <span
            aria-hidden
            className={cx(
              'inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold',
              rule.met ? 'bg-green-100 text-green-800' : 'bg-gray-100 text-red-700',
            )}
          >
            {rule.met ? '✓' : '✗'}
          </span>
          <span>
            {rule.text}
            <span className="sr-only">{rule.met ? ': met' : ': not met'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
