import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { Field } from './field';
import { PhoneInput } from './phone-input';

type NameAndPhone = { first_name: string; last_name: string; mobile: string; code: string };

/**
 * First name, last name and the phone input, wired to a react-hook-form form whose values include
 * `first_name`, `last_name`, `mobile` (the number without its dial code) and `code` (the dial code).
 * Used by the register and profile forms, which validate them with the same contracts rules.
 */
export function NameAndPhoneFields<T extends FieldValues & NameAndPhone>({
  form,
  defaultCountry,
}: {
  form: UseFormReturn<T>;
  defaultCountry: string;
}) {
  const { register, control, setValue, getValues, getFieldState, trigger, formState } = form;
  const name = (field: keyof NameAndPhone) => field as Path<T>;
  const mobile = useController({ control, name: name('mobile') });
  const errors = formState.errors as Partial<Record<keyof NameAndPhone, { message?: string }>>;
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register(name('first_name'))}
        />
        <Field label="Last name" autoComplete="family-name" error={errors.last_name?.message} {...register(name('last_name'))} />
      </div>
      <PhoneInput
        name={mobile.field.name}
        value={mobile.field.value}
        inputRef={mobile.field.ref}
        defaultCountry={defaultCountry}
        error={errors.mobile?.message}
        onBlur={mobile.field.onBlur}
        onChange={(phone) => {
          const countryChanged = phone.countryCode !== getValues(name('code'));
          setValue(name('code'), phone.countryCode as PathValue<T, Path<T>>, { shouldDirty: true });
          mobile.field.onChange(phone.phoneNumber);
          // The number is checked against its dial code: a new country re-checks a number already checked.
          if (countryChanged && getFieldState(name('mobile')).isTouched) void trigger(name('mobile'));
        }}
      />
    </>
  );
}
