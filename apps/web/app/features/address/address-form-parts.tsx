import { postcodeInfo, stateInfo, type TAddressForm } from '@shop/contracts/address';
import { listCountries } from '@shop/contracts/phone';
import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Field, SelectField } from '../../components/ui/field';

/** The address form's fields that depend on the country, and its default-address choice. */

type Form = UseFormReturn<TAddressForm>;

/** The country list: the popular ones first, then all. */
export function CountrySelect({ field, error }: { field: ReturnType<Form['register']>; error?: string }) {
  const countries = useMemo(() => listCountries(), []);
  return (
    <SelectField label="Country/Region" autoComplete="country" error={error} {...field}>
      <optgroup label="Popular">
        {countries
          .filter((entry) => entry.preferred)
          .map((entry) => (
            <option key={entry.iso2} value={entry.iso2}>
              {entry.name}
            </option>
          ))}
      </optgroup>
      <optgroup label="All countries">
        {countries
          .filter((entry) => !entry.preferred)
          .map((entry) => (
            <option key={entry.iso2} value={entry.iso2}>
              {entry.name}
            </option>
          ))}
      </optgroup>
    </SelectField>
  );
}

/** City, state and postal code: the country decides the state list and the postal code's name and format. */
export function RegionFields({ form, country }: { form: Form; country: string }) {
  const { register } = form;
  const { errors } = form.formState;
  const states = stateInfo(country);
  const postcode = postcodeInfo(country);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <Field label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
      {states.options ? (
        <SelectField
          key={country}
          label={states.required ? states.label : `${states.label} (optional)`}
          autoComplete="address-level1"
          error={errors.state?.message}
          {...register('state')}
        >
          <option value="">{states.required ? `Select ${states.label.toLowerCase()}` : 'None'}</option>
          {states.options.map((option) => (
            <option key={option.code} value={option.name}>
              {option.name}
            </option>
          ))}
        </SelectField>
      ) : (
        <Field
          key={country}
          label="State/Province/Region (optional)"
          autoComplete="address-level1"
          error={errors.state?.message}
          {...register('state')}
        />
      )}
      <Field
        label={postcode.required ? postcode.label : `${postcode.label} (optional)`}
        autoComplete="postal-code"
        autoCapitalize="characters"
        hint={postcode.example ? `e.g. ${postcode.example}` : undefined}
        error={errors.postcode?.message}
        {...register('postcode')}
      />
    </div>
  );
}

/** 'Set as my default address', or why this address is the default whatever is ticked. */
export function DefaultAddressChoice({ form, locked, firstAddress }: { form: Form; locked: boolean; firstAddress: boolean }) {
  if (locked) {
    return (
      <p className="flex items-start gap-2 text-sm text-gray-800">
        <span aria-hidden className="mt-0.5 inline-block size-2 shrink-0 rounded-full bg-gray-900" />
        {firstAddress
          ? 'Your first address becomes your default address.'
          : 'This is your default address. To change that, set another address as default.'}
      </p>
    );
  }
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-gray-900">
      <input type="checkbox" className="size-5 shrink-0 accent-gray-900" {...form.register('is_default')} />
      Set as my default address
    </label>
  );
}
