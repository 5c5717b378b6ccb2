/**
 * The tone a colour filter's swatch is painted in, from the colour's name. The facets name colours
 * only, so the shop's fashion colour names are matched here; a name not known shows a neutral
 * swatch (the name beside it is what the shopper reads, the swatch is decoration).
 */
const TONES: Record<string, string> = {
  black: '#1c1c1f',
  white: '#fafaf7',
  ivory: '#f3ecd9',
  cream: '#ede3c9',
  champagne: '#e6d3ae',
  beige: '#d9c6a5',
  camel: '#c19562',
  tan: '#b6865a',
  khaki: '#b8a97c',
  brown: '#6b4a34',
  chocolate: '#5b3b2b',
  rust: '#a9532e',
  orange: '#e47a32',
  coral: '#ea7e6b',
  mustard: '#d0a232',
  yellow: '#f1d04b',
  gold: '#c9a24b',
  silver: '#c3c6cc',
  grey: '#9b9da3',
  gray: '#9b9da3',
  charcoal: '#3a3c42',
  red: '#b42530',
  burgundy: '#6b1e31',
  wine: '#6b1e31',
  pink: '#ef9fb8',
  'blush pink': '#eec0ba',
  'dusty rose': '#c68f94',
  'hot pink': '#db4087',
  lilac: '#c7a3c8',
  lavender: '#b9a7d9',
  purple: '#6d3f9a',
  'sky blue': '#9fc5e6',
  'ocean blue': '#2e6e9d',
  blue: '#3460c2',
  cobalt: '#2b4fb6',
  navy: '#1f2d4d',
  indigo: '#2f3f67',
  'light wash': '#8fabcc',
  'mid wash': '#5b7ba4',
  'dark wash': '#2f4666',
  denim: '#5b7ba4',
  teal: '#27797b',
  mint: '#aadcc5',
  'sage green': '#a3b28a',
  green: '#3b8a4f',
  olive: '#6f6b3c',
  'forest green': '#2f4c3c',
  emerald: '#1f7b56',
  'neon lime': '#c6e63d',
};

const NEUTRAL = 'repeating-linear-gradient(135deg, #e5e7eb 0 4px, #f9fafb 4px 8px)';

/** A CSS background for the swatch of the colour named `name`. */
export const swatchBackground = (name: string): string => TONES[name.trim().toLowerCase()] ?? NEUTRAL;

/** Light tones get a visible edge and a dark check mark. */
export function isLightTone(name: string): boolean {
  const tone = TONES[name.trim().toLowerCase()];
  if (!tone) return true;
  const value = Number.parseInt(tone.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 160;
}
