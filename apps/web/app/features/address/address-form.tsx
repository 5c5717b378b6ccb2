import { zodResolver } from '@hookform/resolvers/zod';
import { CODE_OK } from '@shop/contracts';
import { addressPayload, type TAddress, type TAddressForm, type TPlaceSuggestion, ZAddressForm } from '@shop/contracts/address';
import { useId, useMemo, useState } from 'react';
import { type Path, useController, useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { PhoneInput } from '../../components/ui/phone-input';
import { showServerFieldErrors } from '../../lib/forms';
import { useStoredUser } from '../../lib/session';
import { notify } from '../../lib/toast';
import { saveAddress } from './address-api';
import { CountrySelect, DefaultAddressChoice, RegionFields } from './address-form-parts';
import { FIELDS, startingValues } from './address-values';
import { PlaceField } from './place-field';

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
      <CountrySelect field={countryField} error={errors.country?.message} />
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
      <RegionFields form={form} country={country} />
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
      <DefaultAddressChoice form={form} locked={defaultLocked} firstAddress={firstAddress} />
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
