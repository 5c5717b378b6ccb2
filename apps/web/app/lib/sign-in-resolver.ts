import { zodResolver } from '@hookform/resolvers/zod';
import { ZLoginRequest } from '@shop/contracts/sign-in';

/**
 * The sign-in rules (spec 5) for the shoppers' and the agents' sign-in forms, which import this
 * module when they first need it (lib/forms.ts `lazyResolver`): zod stays out of their first load.
 */
export const signInResolver = zodResolver(ZLoginRequest);
