import { zodResolver } from '@hookform/resolvers/zod';
import { CODE_OK } from '@shop/contracts';
import {
  addressPayload,
  postcodeInfo,
  stateInfo,
  type TAddress,
  type TAddressForm,
  type TPlaceSuggestion,
  ZAddressForm,
} from '@shop/contracts/address';
import type { TUserInfo } from '@shop/contracts/auth';
import { initialCountry, listCountries } from '@shop/contracts/phone';
import { useId, useMemo, useState } from 'react';
import { type Path, useController, useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { splitInternational } from '../../components/ui/countries';
import { Field, SelectField } from '../../components/ui/field';
import { PhoneInput } from '../../components/ui/phone-input';
import { showServerFieldErrors } from '../../lib/forms';
import { useStoredUser } from '../../lib/session';
import { notify } from '../../lib/toast';
import { saveAddress } from './address-api';
import { PlaceField } from './place-field';

/** The fields in the order the form shows them: a failed submit focuses the first wrong one. */
const FIELDS: readonly Path<TAddressForm>[] = [
  'country',
  'first_name',
  'last_name',
  'address1',
  'address2',
  'city',
  'state',
  'postcode',
  'phone',
];

/** The form's values for an address being edited, or for a new one (prefilled from the profile). */
function startingValues(initial: TAddress | undefined, user: TUserInfo | null, firstAddress: boolean): TAddressForm {
  if (initial) {
    const phone = splitInternational(initial.phone);
    return {
      first_name: initial.first_name,
      last_name: initial.last_name,
      phone_country: phone?.country.iso2 ?? initial.country,
      phone: phone?.national ?? initial.phone.replace(/^\+/, ''),
      country: initial.country,
      state: initial.state,
      city: initial.city,
      address1: initial.address1,
      address2: initial.address2,
      postcode: initial.postcode,
      is_default: initial.is_default === 1,
    };
  }
  // a new address starts in the shopper's own country, with their name and number
  const country = initialCountry(user?.code).iso2;
  const phone = user?.mobile ? splitInternational(user.mobile) : null;
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    phone_country: phone?.country.iso2 ?? country,
    phone: phone?.national ?? '',
    country,
    state: '',
    city: '',
    address1: '',
    address2: '',
    postcode: '',
    is_default: firstAddress,
  };
}

export type AddressFormProps = {
  /** the address to edit; without it the form adds one */
  initial?: TAddress;
  /** called with the saved address, as the server answered it */
  onSaved: (address: TAddress) => void;
  onCancel?: () => void;
  /** the shopper has no address yet: this one becomes the default whatever the box says */
  firstAddress?: boolean;
  submitLabel?: string;
};

/**
 * Adds or edits a delivery address (POST /shop/userAddress/add or /edit) with the contracts' rules:
 * the country decides the state list and the postal code format, the phone is checked for its
 * country, and the first address line suggests places from what is typed.
 */
export function AddressForm({
  initial,
  onSaved,
  onCancel,
  firstAddress = false,
  submitLabel = 'Save address',
}: AddressFormProps) {
  const user = useStoredUser();
  const [saving, setSaving] = useState(false);
  // the phone picker follows the country while no number is typed; a new key starts it afresh
  const [phonePickerKey, setPhonePickerKey] = useState(0);
  const form = useForm<TAddressForm>({
    resolver: zodResolver(ZAddressForm),
    mode: 'onTouched',
    // focused below in the order on screen, not the order the fields were registered
    shouldFocusError: false,
    defaultValues: useMemo(() => startingValues(initial, user, firstAddress), [initial, user, firstAddress]),
  });
  const { register, control, handleSubmit, setValue, getValues, getFieldState, setError, setFocus, watch, formState } = form;
  const { errors } = formState;
  const country = watch('country');
  const states = stateInfo(country);
  const postcode = postcodeInfo(country);
  const countries = useMemo(() => listCountries(), []);
  const phone = useController({ control, name: 'phone' });
  const address1 = useController({ control, name: 'address1' });
  const hintId = useId();

  /** Sets a value and checks it again if it has been checked before. */
  const update = (name: Path<TAddressForm>, value: string) => {
    const state = getFieldState(name, formState);
    setValue(name, value, {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted || state.isTouched || Boolean(state.error),
    });
  };

  /** A new country: the state was another country's, the postal code is checked anew, the phone follows. */
  const changeCountry = (next: string, state = '') => {
    update('country', next);
    update('state', state);
    if (getFieldState('postcode', formState).isTouched || formState.isSubmitted) void form.trigger('postcode');
    if (!getValues('phone').trim()) {
      setValue('phone_country', next);
      setPhonePickerKey((key) => key + 1);
    }
  };

  const pickPlace = (place: TPlaceSuggestion) => {
    if (place.country !== getValues('country') || place.state) changeCountry(place.country, place.state);
    if (place.city) update('city', place.city);
    update('address1', place.street);
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setSaving(true);
      try {
        const envelope = await saveAddress(addressPayload(values), initial?.id);
        if (envelope.code === CODE_OK) {
          notify.success(envelope.msg);
          onSaved(envelope.result);
        } else if (!showServerFieldErrors(envelope.result, FIELDS, setError)) {
          notify.error(envelope.msg || 'The address could not be saved. Please try again.');
        }
      } catch {
        // the api client has told the shopper what went wrong
      } finally {
        setSaving(false);
      }
    },
    (invalid) => {
      const first = FIELDS.find((name) => invalid[name]);
      if (first) setFocus(first);
    },
  );

  const defaultLocked = firstAddress || initial?.is_default === 1;
  const countryField = register('country', { onChange: (event) => changeCountry(event.target.value) });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={initial ? 'Edit address' : 'New address'}
      aria-describedby={hintId}
      className="flex flex-col gap-4"
    >
      <p id={hintId} className="text-sm text-gray-700">
        All fields are required unless marked optional.
      </p>
      <SelectField label="Country/Region" autoComplete="country" error={errors.country?.message} {...countryField}>
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
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
        <Field label="Last name" autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <PlaceField
        label="Address line 1"
        hint="Street and number, or P.O. box. Typing a city offers to fill in the rest."
        name={address1.field.name}
        value={address1.field.value}
        onChange={address1.field.onChange}
        onBlur={address1.field.onBlur}
        inputRef={address1.field.ref}
        error={errors.address1?.message}
        country={country}
        onPick={pickPlace}
      />
      <Field
        label="Address line 2 (optional)"
        hint="Apartment, suite, unit, building or floor"
        autoComplete="address-line2"
        error={errors.address2?.message}
        {...register('address2')}
      />
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
      <PhoneInput
        key={phonePickerKey}
        label="Phone"
        name={phone.field.name}
        value={phone.field.value}
        inputRef={phone.field.ref}
        defaultCountry={getValues('phone_country')}
        error={errors.phone?.message}
        onBlur={phone.field.onBlur}
        onChange={(value) => {
          const countryChanged = value.countryInfo.iso2 !== getValues('phone_country');
          setValue('phone_country', value.countryInfo.iso2, { shouldDirty: true });
          phone.field.onChange(value.phoneNumber);
          // the number is checked against its country: a new country checks a checked number again
          if (countryChanged && getFieldState('phone', formState).isTouched) void form.trigger('phone');
        }}
      />
      {defaultLocked ? (
        <p className="flex items-start gap-2 text-sm text-gray-800">
          <span aria-hidden className="mt-0.5 inline-block size-2 shrink-0 rounded-full bg-gray-900" />
          {firstAddress
            ? 'Your first address becomes your default address.'
            : 'This is your default address. To change that, set another address as default.'}
        </p>
      ) : (
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-gray-900">
          <input type="checkbox" className="size-5 shrink-0 accent-gray-900" {...register('is_default')} />
          Set as my default address
        </label>
      )}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" busy={saving}>
          {saving ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
