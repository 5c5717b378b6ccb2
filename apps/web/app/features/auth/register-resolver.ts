import { zodResolver } from '@hookform/resolvers/zod';
import { ZRegisterForm } from '@shop/contracts/auth';

/**
 * The register rules (spec 5), which the register form imports when it first needs them (lib/forms.ts
 * `lazyResolver`): zod and the schemas stay out of the work the browser does to draw the form.
 */
export const registerResolver = zodResolver(ZRegisterForm);
