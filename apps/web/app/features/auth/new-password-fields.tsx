import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';

/** The field names a form with a new password and its confirmation registers them under. */
type NewPasswordName = 'password' | 'passwordConfirm';

/** A new password, its confirmation and the three rules they are checked against as they are typed. */
export function NewPasswordFields({
  confirmLabel,
  register,
  errors,
  password,
  confirmation,
}: {
  confirmLabel: string;
  /** The form's `register`, for its `password` and `passwordConfirm` fields. */
  register: (name: NewPasswordName) => UseFormRegisterReturn;
  /** The form's errors; only those of the two fields are shown. */
  errors: Partial<Record<NewPasswordName, { message?: string }>>;
  password: string;
  confirmation: string;
}) {
  const rulesId = useId();
  const passwordField = register('password');
  const confirmField = register('passwordConfirm');
  const passwordError = errors.password?.message;
  const confirmError = errors.passwordConfirm?.message;
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        aria-describedby={rulesId}
        error={passwordError}
        {...passwordField}
      />
      <PasswordField label={confirmLabel} autoComplete="new-password" error={confirmError} {...confirmField} />
      <PasswordRules id={rulesId} password={password} confirmation={confirmation} />
    </>
  );
}
