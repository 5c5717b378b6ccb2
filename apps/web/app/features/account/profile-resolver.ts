import { zodResolver } from '@hookform/resolvers/zod';
import { ZUserEditForm } from '@shop/contracts/auth';

/** The profile form's rules (the register ones, spec 7), imported when the form first needs them (lib/forms.ts `lazyResolver`). */
export const profileResolver = zodResolver(ZUserEditForm);
