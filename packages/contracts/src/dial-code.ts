/** A dial code as the shop keeps it: digits without the '+' ('+44 ' → '44'). No metadata, no zod. */
export const normaliseDialCode = (code: string) => code.trim().replace(/^\+/, '');
