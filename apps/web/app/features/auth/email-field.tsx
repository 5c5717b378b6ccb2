import { type ComponentProps, forwardRef } from 'react';
import { Field } from '../../components/ui/field';

type EmailFieldProps = Omit<ComponentProps<typeof Field>, 'type' | 'label'> & { label?: string };

/** The e-mail address of the account forms: the e-mail keyboard, no capitals and no spelling fixes. */
export const EmailField = forwardRef<HTMLInputElement, EmailFieldProps>(function EmailField({ label = 'Email', ...props }, ref) {
  return <Field ref={ref} label={label} type="email" inputMode="email" autoCapitalize="off" spellCheck={false} {...props} />;
});
