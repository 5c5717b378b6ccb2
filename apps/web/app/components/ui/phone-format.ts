import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** '+12025550143' → '+1 202 555 0143'; a number it cannot read is shown as it is. */
export const formatPhone = (phone: string) => parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
