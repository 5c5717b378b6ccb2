import { colorHex, type SilhouetteKind } from './catalog-data';

/**
 * Product pictures, category icons and banners drawn as SVG at seed time, so the demo shop
 * looks like a shop without any network or image assets. Every drawing is a pure function of
 * its inputs, which keeps the seed deterministic.
 *
 * A product is drawn in a 600 x 800 (3:4) frame: the silhouette of its kind in the SKU
 * colour, an optional print taken from its name ("Floral", "Striped"…), side lighting, a soft
 * drop shadow and seams or hardware on top.
 */

export type PictureView = 'main' | 'alt';

export type ProductPicture = {
  kind: SilhouetteKind;
  /** The product name; its words pick the cut (Midi, Puff-Sleeve, Chelsea…) and the print. */
  name: string;
  color: string;
  view: PictureView;
  /** 0..1, fixed per product, nudges proportions so that siblings are not identical. */
  variation: number;
};

type Tone = {
  fill: string;
  dark: string;
  deep: string;
  light: string;
  line: string;
  /** Prints and stripes: light on dark cloth, dark on light cloth. */
  contrast: string;
  isLight: boolean;
};

type Drawing = {
  /** Outline elements without fill: the silhouette is stamped from them several times. */
  shape: string;
  /** Drawn over the shaded silhouette. */
  details?: string;
  /** Drawn before the silhouette (straps behind a backpack, a hood lining…). */
  under?: string;
  /** Where the hover view zooms in. */
  focus: [number, number];
  shoe?: boolean;
  /** Overrides the box measured from `shape`, e.g. when details reach beyond it. */
  box?: Box;
  /** Veils are sheer. */
  opacity?: number;
};

type Features = { has: (...words: string[]) => boolean; v: number };

type Box = { x0: number; y0: number; x1: number; y1: number };

/**
 * The bounding box of a shape's paths, counting curve control points (a little generous, which
 * only adds margin). Lets every drawing be framed the same way however big it was drawn.
 */
function boxOf(shape: string): Box {
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const add = (x: number, y: number) => {
    box.x0 = Math.min(box.x0, x);
    box.x1 = Math.max(box.x1, x);
    box.y0 = Math.min(box.y0, y);
    box.y1 = Math.max(box.y1, y);
  };
  for (const [, d] of shape.matchAll(/ d="([^"]*)"/g)) {
    for (const [, command, args] of (d ?? '').matchAll(/([MLQCTSAZ])([^MLQCTSAZ]*)/g)) {
      const n = (args ?? '').trim().split(/[ ,]+/).filter(Boolean).map(Number);
      if (command === 'A') for (let i = 0; i + 6 < n.length; i += 7) add(n[i + 5] ?? 0, n[i + 6] ?? 0);
      else for (let i = 0; i + 1 < n.length; i += 2) add(n[i] ?? 0, n[i + 1] ?? 0);
    }
  }
  return box;
}

// ---------------------------------------------------------------- colour helpers

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return `#${x
    .map((c, i) => Math.round(c + ((y[i] ?? 0) - c) * t))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function toneOf(fill: string): Tone {
  const isLight = luminance(fill) > 0.62;
  return {
    fill,
    dark: mix(fill, '#000000', 0.22),
    deep: mix(fill, '#000000', 0.45),
    light: mix(fill, '#ffffff', 0.35),
    line: isLight ? mix(fill, '#3a3430', 0.3) : mix(fill, '#000000', 0.35),
    contrast: isLight ? mix(fill, '#1e2a44', 0.72) : mix(fill, '#fbf7ef', 0.85),
    isLight,
  };
}

/** Pale backdrops; a pale garment gets a deeper one so that it still stands out. */
const BACKDROPS: [string, string][] = [
  ['#f6f1ea', '#ebe3d8'],
  ['#eef2f4', '#dfe6ea'],
  ['#f5eeee', '#eadede'],
  ['#f1f2ea', '#e2e5d6'],
  ['#f3eff6', '#e4dfeb'],
];
const DEEP_BACKDROPS: [string, string][] = [
  ['#d9d3cc', '#c5bdb3'],
  ['#d2d9de', '#bcc6cd'],
  ['#dccfd0', '#c8b8ba'],
];

function backdrop(tone: Tone, variation: number, view: PictureView): [string, string] {
  const list = tone.isLight ? DEEP_BACKDROPS : BACKDROPS;
  const pick = list[Math.floor(variation * list.length) % list.length] ?? ['#f6f1ea', '#ebe3d8'];
  return view === 'alt' ? [mix(pick[0], '#ffffff', 0.25), pick[0]] : pick;
}

// ---------------------------------------------------------------- prints

type Print = 'floral' | 'dots' | 'stripes' | 'check' | 'rib' | 'cable' | 'lace' | 'sparkle' | 'quilt' | 'teddy';

function printOf(name: string): Print | null {
  const n = name.toLowerCase();
  if (n.includes('floral') && !n.includes('hair vine')) return 'floral';
  if (n.includes('polka')) return 'dots';
  if (n.includes('striped')) return 'stripes';
  if (n.includes('gingham') || n.includes('plaid')) return 'check';
  if (n.includes('cable')) return 'cable';
  if (n.includes('ribbed') || n.includes('waffle') || n.includes('chunky knit')) return 'rib';
  if (n.includes('lace') && !n.includes('lace-up')) return 'lace';
  if (n.includes('sequin') || n.includes('beaded') || n.includes('crystal')) return 'sparkle';
  if (n.includes('quilted') || n.includes('puffer')) return 'quilt';
  if (n.includes('teddy') || n.includes('fleece') || n.includes('fluffy')) return 'teddy';
  return null;
}

function printDef(print: Print, t: Tone): string {
  const c = t.contrast;
  switch (print) {
    case 'floral': {
      const flower = (x: number, y: number, petal: string) =>
        `${[0, 72, 144, 216, 288]
          .map((a) => {
            const r = (a * Math.PI) / 180;
            return `<circle cx="${(x + Math.cos(r) * 7).toFixed(1)}" cy="${(y + Math.sin(r) * 7).toFixed(1)}" r="6" fill="${petal}"/>`;
          })
          .join('')}<circle cx="${x}" cy="${y}" r="3.6" fill="#e8b84a"/>`;
      const leaf = (x: number, y: number, a: number) =>
        `<ellipse cx="${x}" cy="${y}" rx="8" ry="3.5" fill="${mix(t.fill, '#4f7a46', 0.7)}" transform="rotate(${a} ${x} ${y})"/>`;
      return `<pattern id="print" width="96" height="96" patternUnits="userSpaceOnUse">${leaf(34, 30, 30)}${leaf(82, 76, -40)}${flower(22, 22, c)}${flower(70, 68, mix(c, '#e07a8a', 0.45))}<circle cx="72" cy="20" r="3" fill="${c}" opacity=".8"/><circle cx="20" cy="74" r="3" fill="${c}" opacity=".8"/></pattern>`;
    }
    case 'dots':
      return `<pattern id="print" width="38" height="38" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="5.5" fill="${c}"/><circle cx="28" cy="28" r="5.5" fill="${c}"/></pattern>`;
    case 'stripes':
      return `<pattern id="print" width="30" height="30" patternUnits="userSpaceOnUse"><rect y="0" width="30" height="11" fill="${c}" opacity=".92"/></pattern>`;
    case 'check':
      return `<pattern id="print" width="34" height="34" patternUnits="userSpaceOnUse"><rect width="17" height="34" fill="${c}" opacity=".38"/><rect width="34" height="17" fill="${c}" opacity=".38"/></pattern>`;
    case 'rib':
      return `<pattern id="print" width="12" height="40" patternUnits="userSpaceOnUse"><rect width="4" height="40" fill="#000" opacity=".09"/><rect x="6" width="2" height="40" fill="#fff" opacity=".08"/></pattern>`;
    case 'cable':
      return `<pattern id="print" width="46" height="56" patternUnits="userSpaceOnUse"><path d="M12 0 C30 14 30 14 12 28 C30 42 30 42 12 56 M34 0 C16 14 16 14 34 28 C16 42 16 42 34 56" fill="none" stroke="#000" stroke-opacity=".14" stroke-width="5"/><path d="M2 0 V56 M44 0 V56" stroke="#000" stroke-opacity=".1" stroke-width="3"/></pattern>`;
    case 'lace':
      return `<pattern id="print" width="44" height="44" patternUnits="userSpaceOnUse" stroke="${t.line}" stroke-opacity=".45" fill="none" stroke-width="1.2"><circle cx="11" cy="11" r="6"/><circle cx="11" cy="11" r="2"/><circle cx="33" cy="33" r="6"/><circle cx="33" cy="33" r="2"/><path d="M11 17 Q22 22 33 27 M0 33 Q6 26 11 17"/></pattern>`;
    case 'sparkle':
      return `<pattern id="print" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="5" cy="6" r="2.4" fill="#fff" opacity=".75"/><circle cx="16" cy="16" r="2" fill="#fff" opacity=".5"/><circle cx="16" cy="5" r="1.3" fill="#000" opacity=".15"/></pattern>`;
    case 'quilt':
      return `<pattern id="print" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0 H40 M0 0 V40" stroke="#000" stroke-opacity=".2" stroke-width="2.5"/></pattern>`;
    case 'teddy':
      return `<pattern id="print" width="16" height="16" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="3.4" fill="#fff" opacity=".16"/><circle cx="12" cy="12" r="3.4" fill="#000" opacity=".08"/></pattern>`;
  }
}

// ---------------------------------------------------------------- small parts

const stitch = (d: string, color: string, width = 2) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-dasharray="6 5" stroke-linecap="round"/>`;
const seam = (d: string, color: string, width = 2.5, opacity = 0.55) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-opacity="${opacity}" stroke-linecap="round" stroke-linejoin="round"/>`;
const buttons = (x: number, ys: number[], color: string, r = 6) =>
  ys
    .map(
      (y) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/><circle cx="${x - 1.5}" cy="${y - 1.5}" r="${r / 3}" fill="#fff" opacity=".35"/>`,
    )
    .join('');
const bow = (x: number, y: number, s: number, color: string, knot: string) =>
  `<path d="M${x} ${y} C${x - 30 * s} ${y - 26 * s} ${x - 44 * s} ${y - 6 * s} ${x - 40 * s} ${y + 8 * s} C${x - 36 * s} ${y + 22 * s} ${x - 16 * s} ${y + 10 * s} ${x} ${y} C${x + 16 * s} ${y + 10 * s} ${x + 36 * s} ${y + 22 * s} ${x + 40 * s} ${y + 8 * s} C${x + 44 * s} ${y - 6 * s} ${x + 30 * s} ${y - 26 * s} ${x} ${y} Z M${x - 6 * s} ${y + 4 * s} L${x - 18 * s} ${y + 40 * s} L${x - 6 * s} ${y + 36 * s} Z M${x + 6 * s} ${y + 4 * s} L${x + 18 * s} ${y + 40 * s} L${x + 6 * s} ${y + 36 * s} Z" fill="${color}"/><ellipse cx="${x}" cy="${y + 2 * s}" rx="${7 * s}" ry="${8 * s}" fill="${knot}"/>`;
const GOLD = '#c9a24b';
const SILVER = '#c7cad0';
const sheen = (d: string) =>
  `<path d="${d}" fill="none" stroke="#fff" stroke-opacity=".28" stroke-width="6" stroke-linecap="round"/>`;

// ---------------------------------------------------------------- garments

function dress(f: Features, t: Tone): Drawing {
  const kids = f.has('flower girl', 'party dress');
  const hem = f.has('mini') ? 500 : f.has('maxi', 'bridesmaid') ? 735 : kids ? 560 : 630;
  const flare = (f.has('slip', 'sheath') ? 112 : f.has('tiered', 'wrap', 'tutu', 'flower girl') ? 178 : 148) + f.v * 18;
  const waist = 300;
  const skirt = `L${300 + flare} ${hem} Q300 ${hem + 26} ${300 - flare} ${hem} L241 ${waist}`;
  let shape: string;
  let details = '';
  if (f.has('slip', 'tie-strap', 'cowl', 'square-neck', 'sleeveless')) {
    const neck = f.has('square-neck') ? 'L270 222 L330 222 L332 202' : f.has('cowl') ? 'Q300 250 332 202' : 'Q300 236 332 202';
    shape = `<path d="M240 204 L250 112 L257 112 L252 204 Z M360 204 L350 112 L343 112 L348 204 Z"/><path d="M232 202 L268 202 ${neck} L368 202 Q374 252 359 ${waist} ${skirt} Q226 252 232 202 Z"/>`;
    if (f.has('tie-strap')) details += bow(254, 112, 0.35, t.fill, t.dark) + bow(346, 112, 0.35, t.fill, t.dark);
    if (f.has('cowl')) details += seam('M262 212 Q300 240 338 212 M274 216 Q300 232 326 216', t.line, 2, 0.4);
  } else if (f.has('halter', 'one-shoulder')) {
    shape = f.has('one-shoulder')
      ? `<path d="M232 210 L330 112 L352 112 L368 202 Q374 252 359 ${waist} ${skirt} Q226 252 232 210 Z"/>`
      : `<path d="M282 104 L318 104 L368 206 Q374 252 359 ${waist} ${skirt} Q226 252 232 206 Z"/>`;
    if (f.has('halter')) details += seam('M300 120 L300 200', t.line, 2, 0.4);
  } else if (f.has('off-shoulder')) {
    shape = `<path d="M196 176 L404 176 L412 214 L372 222 Q374 262 359 ${waist} ${skirt} Q226 262 228 222 L188 214 Z"/>`;
    details += seam('M198 196 Q300 206 402 196', t.line, 2, 0.45);
  } else {
    const puff = f.has('puff-sleeve') || kids;
    const sleeveR = puff ? 'C432 118 446 196 404 216 L368 196' : 'L426 206 L394 226 L368 196';
    const sleeveL = puff ? 'L196 216 C154 196 168 118 226 128' : 'L206 226 L174 206 L226 128';
    const neck = f.has('v-neck')
      ? 'L300 196 L338 116'
      : f.has('shirt', 'button-front')
        ? 'L300 150 L338 116'
        : 'Q300 156 338 116';
    shape = `<path d="M262 116 ${neck} L374 128 ${sleeveR} Q370 250 358 ${waist} ${skirt} Q230 250 232 196 ${sleeveL} Z"/>`;
    if (f.has('shirt', 'button-front')) {
      details += `<path d="M262 116 L300 150 L282 170 Z M338 116 L300 150 L318 170 Z" fill="${t.dark}" opacity=".55"/>`;
      details += buttons(
        300,
        [180, 220, 260, 340, 390, 440].filter((y) => y < hem - 30),
        t.deep,
        5,
      );
    }
    if (f.has('twist-front')) details += seam('M262 200 Q300 250 338 200 M300 226 L300 300', t.line, 3, 0.45);
  }
  // The waist seam and the drape of the skirt.
  details += seam(`M242 ${waist} Q300 ${waist + 8} 358 ${waist}`, t.line, 2.5, 0.5);
  for (const dx of [-0.55, -0.15, 0.25, 0.62]) {
    const x = 300 + dx * flare;
    details += seam(`M${300 + dx * 40} ${waist + 20} Q${x} ${(waist + hem) / 2} ${x + dx * 12} ${hem + 8}`, t.line, 2, 0.22);
  }
  if (f.has('wrap'))
    details +=
      seam(
        `M262 116 Q300 220 358 ${waist} M360 ${waist} Q${300 + flare * 0.4} ${hem - 60} ${300 + flare * 0.55} ${hem + 10}`,
        t.line,
        3,
        0.45,
      ) + bow(362, waist + 4, 0.45, t.fill, t.dark);
  if (f.has('belted'))
    details += `<rect x="240" y="${waist - 12}" width="120" height="24" rx="4" fill="${t.deep}"/><rect x="286" y="${waist - 15}" width="28" height="30" rx="4" fill="none" stroke="${GOLD}" stroke-width="4"/>`;
  if (f.has('tiered', 'tutu', 'flower girl')) {
    const tiers = kids ? 3 : 2;
    for (let i = 1; i <= tiers; i++) {
      const y = waist + ((hem - waist) * i) / (tiers + 1);
      const w = 58 + (flare - 58) * ((y - waist) / (hem - waist));
      details += seam(`M${300 - w} ${y} Q300 ${y + 14} ${300 + w} ${y}`, t.line, 2.5, 0.45);
    }
  }
  if (f.has('smocked', 'ruched')) {
    for (let y = 210; y < waist - 10; y += 14) details += seam(`M246 ${y} Q300 ${y + 4} 354 ${y}`, t.line, 1.5, 0.35);
  }
  if (kids) details += bow(300, waist - 6, 0.8, t.dark, t.deep);
  return { shape, details, focus: [300, 260] };
}

function gown(f: Features, t: Tone): Drawing {
  const waist = f.has('empire') ? 250 : 318;
  let skirt: string;
  if (f.has('mermaid')) {
    skirt = `Q382 420 356 560 Q380 650 470 745 Q300 770 130 745 Q220 650 244 560 Q218 420 246 ${waist}`;
  } else if (f.has('sheath')) {
    skirt = `Q370 500 388 745 Q300 760 212 745 Q230 500 246 ${waist}`;
  } else if (f.has('princess')) {
    skirt = `Q470 420 532 748 Q300 778 68 748 Q130 420 246 ${waist}`;
  } else {
    skirt = `Q430 460 478 748 Q300 772 122 748 Q170 460 246 ${waist}`;
  }
  let top: string;
  let extra = '';
  let details = '';
  if (f.has('off-shoulder')) {
    top = 'M246 190 Q300 206 354 190';
    extra = '<path d="M196 176 Q300 198 404 176 L412 214 Q300 232 188 214 Z"/>';
  } else if (f.has('v-neck', 'illusion')) {
    top = 'M252 120 L264 120 L300 226 L336 120 L348 120';
  } else if (f.has('boat-neck')) {
    top = 'M236 130 Q300 150 364 130';
  } else {
    // Sweetheart or strapless.
    top = 'M248 178 Q262 156 284 164 Q298 172 300 182 Q302 172 316 164 Q338 156 352 178';
  }
  const shape = `${extra}<path d="${top} Q362 240 354 ${waist} ${skirt} Q238 240 ${top.match(/^M(\d+ \d+)/)?.[1] ?? '248 178'} Z"/>`;
  if (f.has('illusion')) {
    details += `<path d="M252 122 L206 150 L170 420 L196 426 L240 220 Z M348 122 L394 150 L430 420 L404 426 L360 220 Z" fill="${t.fill}" opacity=".45"/>`;
  }
  details += seam(`M246 ${waist} Q300 ${waist + 10} 354 ${waist}`, t.line, 2.5, 0.5);
  for (const dx of [-0.75, -0.35, 0.05, 0.45, 0.8]) {
    details += seam(`M${300 + dx * 50} ${waist + 16} Q${300 + dx * 150} 560 ${300 + dx * 215} 748`, t.line, 2.5, 0.2);
  }
  details += seam(`M276 ${waist - 12} L284 200 M324 ${waist - 12} L316 200`, t.line, 1.5, 0.3);
  if (f.has('pearl', 'sequin')) details += sheen(`M262 ${waist - 40} Q300 ${waist - 30} 338 ${waist - 40}`);
  return { shape, details, focus: [300, 250] };
}

function top(f: Features, t: Tone): Drawing {
  const long = f.has('long-sleeve', 'blouse');
  const wide = f.has('boxy', 'oversized', 'relaxed') ? 22 : f.has('fitted') ? -12 : 0;
  const hem = f.has('cropped') ? 470 : 620;
  const L = 195 - wide;
  const R = 405 + wide;
  const shirt = f.has('shirt', 'blouse') && !f.has('t-shirt');
  const neck = f.has('boat-neck')
    ? 'M232 132 Q300 156 368 132'
    : shirt
      ? 'M262 130 L300 170 L338 130'
      : 'M256 134 Q300 180 344 134';
  const sleeveR = long
    ? `L${R + 10} 150 Q${R + 62} 170 ${R + 70} 250 L${R + 96} 560 L${R + 46} 570 L${R + 4} 300`
    : f.has('puff-sleeve')
      ? `L${R} 150 C${R + 80} 140 ${R + 90} 250 ${R + 10} 270`
      : `L${R} 152 L${R + 88} 232 L${R + 46} 296 L${R} 268`;
  const sleeveL = long
    ? `L${L - 4} 300 L${L - 46} 570 L${L - 96} 560 L${L - 70} 250 Q${L - 62} 170 ${L - 10} 150`
    : f.has('puff-sleeve')
      ? `L${L - 10} 270 C${L - 90} 250 ${L - 80} 140 ${L} 150`
      : `L${L} 268 L${L - 46} 296 L${L - 88} 232 L${L} 152`;
  const shape = `<path d="${neck} ${sleeveR} L${R + 4} ${hem} Q300 ${hem + 14} ${L - 4} ${hem} ${sleeveL} Z"/>`;
  let details = seam(neck, t.line, 5, 0.35);
  if (f.has('jersey')) {
    details += `<path d="M300 164 L300 ${hem + 6}" stroke="${SILVER}" stroke-width="4"/><path d="M${L + 2} 300 L${L + 2} ${hem} L${L + 40} ${hem} L${L + 24} 300 Z M${R - 2} 300 L${R - 2} ${hem} L${R - 40} ${hem} L${R - 24} 300 Z" fill="${t.contrast}" opacity=".85"/><rect x="${L}" y="250" width="${R - L}" height="16" fill="${t.contrast}" opacity=".6"/>`;
  } else if (shirt) {
    details += `<path d="M262 130 L300 170 L276 182 L248 140 Z M338 130 L300 170 L324 182 L352 140 Z" fill="${t.dark}" opacity=".5"/>`;
    details += buttons(
      300,
      [200, 260, 320, 380, 440, 500, 560].filter((y) => y < hem - 20),
      t.deep,
      5,
    );
  } else if (f.has('running', 'training', 'quick-dry', 'breathable')) {
    details += seam(`M258 140 L${L + 8} 300 M342 140 L${R - 8} 300`, t.contrast, 4, 0.7);
  }
  if (f.has('ruffle'))
    details += seam(`M236 200 Q252 188 268 200 Q284 212 300 200 Q316 188 332 200 Q348 212 364 200`, t.line, 3, 0.5);
  details += seam(`M${L + 10} ${hem - 14} Q300 ${hem} ${R - 10} ${hem - 14}`, t.line, 1.5, 0.3);
  return { shape, details, focus: [300, 240] };
}

function tank(f: Features, t: Tone): Drawing {
  const bra = f.has('bra');
  const hem = bra ? 380 : f.has('cami') ? 540 : 570;
  const shape = f.has('cami')
    ? `<path d="M248 216 L256 120 L262 120 L258 214 Z M352 216 L344 120 L338 120 L342 214 Z"/><path d="M236 214 Q270 206 300 236 Q330 206 364 214 Q388 290 400 ${hem} Q300 ${hem + 14} 200 ${hem} Q212 290 236 214 Z"/>`
    : `<path d="M240 118 L262 118 Q300 ${bra ? 240 : 210} 338 118 L360 118 Q364 200 396 240 L${bra ? 392 : 404} ${hem} Q300 ${hem + 12} ${bra ? 208 : 196} ${hem} L204 240 Q236 200 240 118 Z"/>`;
  let details = '';
  if (bra)
    details += `<path d="M206 ${hem - 40} Q300 ${hem - 28} 394 ${hem - 40} L392 ${hem} Q300 ${hem + 12} 208 ${hem} Z" fill="${t.deep}" opacity=".55"/>`;
  else details += seam(`M206 ${hem - 16} Q300 ${hem - 4} 394 ${hem - 16}`, t.line, 1.5, 0.3);
  if (f.has('lace-trim'))
    details += seam('M236 216 Q250 204 264 218 Q278 230 300 236 Q322 230 336 218 Q350 204 364 216', t.light, 5, 0.9);
  if (f.has('ribbed', 'seamless')) details += seam('M270 260 L268 500 M330 260 L332 500', t.line, 2, 0.25);
  return { shape, details, focus: [300, 220] };
}

function sweater(f: Features, t: Tone): Drawing {
  const bulk = f.has('chunky', 'fluffy') ? 14 : 0;
  const L = 186 - bulk;
  const R = 414 + bulk;
  const shape = `<path d="M256 128 Q300 162 344 128 L${R - 10} 146 Q${R + 40} 164 ${R + 52} 238 L${R + 84} 560 Q${R + 62} 576 ${R + 32} 570 L${R} 330 L${R} 604 Q300 616 ${L} 604 L${L} 330 L${L - 32} 570 Q${L - 62} 576 ${L - 84} 560 L${L - 52} 238 Q${L - 40} 164 ${L + 10} 146 Z"/>${
    f.has('turtleneck') ? '<path d="M250 84 L350 84 L346 140 Q300 152 254 140 Z"/>' : ''
  }`;
  let details = `<path d="M${L} 574 L${R} 574 L${R} 604 Q300 616 ${L} 604 Z" fill="${t.dark}" opacity=".45"/>`;
  details += `<path d="M${R + 36} 540 L${R + 82} 534 L${R + 84} 560 Q${R + 62} 576 ${R + 32} 570 Z M${L - 36} 540 L${L - 82} 534 L${L - 84} 560 Q${L - 62} 576 ${L - 32} 570 Z" fill="${t.dark}" opacity=".45"/>`;
  if (f.has('turtleneck')) details += seam('M252 96 L348 96 M252 108 L348 108 M254 120 L346 120', t.line, 2, 0.3);
  else if (f.has('v-neck', 'cardigan'))
    details += `<path d="M256 128 L300 ${f.has('cardigan') ? 250 : 220} L344 128" fill="none" stroke="${t.dark}" stroke-width="12" stroke-linejoin="round"/>`;
  else details += seam('M256 130 Q300 166 344 130', t.dark, 12, 0.6);
  if (f.has('cardigan'))
    details += seam('M300 250 L300 610', t.deep, 3, 0.6) + buttons(310, [290, 350, 410, 470, 530], t.light, 6);
  return { shape, details, focus: [300, 250] };
}

function jacket(f: Features, t: Tone, hem = 580): Drawing {
  const hooded = f.has('rain', 'shell', 'parka', 'hooded');
  const flare = hem > 600 ? 20 : 0;
  const shape = `${hooded ? '<path d="M246 132 Q232 52 300 44 Q368 52 354 132 Q300 152 246 132 Z"/>' : ''}<path d="M258 118 Q300 140 342 118 L410 138 Q456 152 466 226 L496 ${hem > 600 ? 600 : 540} Q474 ${hem > 600 ? 612 : 552} 446 ${hem > 600 ? 606 : 546} L416 320 L${418 + flare} ${hem} L${182 - flare} ${hem} L184 320 L154 ${hem > 600 ? 606 : 546} Q126 ${hem > 600 ? 612 : 552} 104 ${hem > 600 ? 600 : 540} L134 226 Q144 152 190 138 Z"/>`;
  let details = seam(`M300 140 L300 ${hem}`, t.deep, 3, 0.6);
  const stitchColor = f.has('denim', 'trucker') ? '#d6a33a' : t.line;
  if (f.has('blazer', 'coat', 'overcoat', 'car coat', 'wrap coat') && !hooded) {
    details += `<path d="M258 118 L228 150 L262 210 L246 232 L300 330 L300 140 Z" fill="${t.dark}" opacity=".6"/><path d="M342 118 L372 150 L338 210 L354 232 L300 330 L300 140 Z" fill="${t.dark}" opacity=".6"/>`;
    details += seam(`M210 ${hem - 190} L270 ${hem - 196} M330 ${hem - 196} L390 ${hem - 190}`, t.deep, 4, 0.6);
    details += f.has('double-breasted')
      ? buttons(270, [360, 430], t.deep) + buttons(330, [360, 430], t.deep)
      : buttons(306, [380, 450], t.deep);
  } else if (f.has('bomber')) {
    details += `<path d="M258 118 Q300 142 342 118 L346 134 Q300 158 254 134 Z" fill="${t.deep}" opacity=".7"/><rect x="182" y="${hem - 34}" width="236" height="34" fill="${t.deep}" opacity=".55"/>`;
    details += `<path d="M300 140 L300 ${hem}" stroke="${SILVER}" stroke-width="5"/>${seam('M432 200 L440 250', SILVER, 4, 0.8)}`;
  } else if (f.has('trucker', 'shacket', 'denim')) {
    details += `<path d="M258 118 L234 160 L284 168 L300 142 L316 168 L366 160 L342 118 Z" fill="${t.dark}" opacity=".55"/>`;
    details += `<rect x="214" y="220" width="64" height="60" rx="6" fill="none" stroke="${stitchColor}" stroke-width="2.5" stroke-dasharray="6 4"/><rect x="322" y="220" width="64" height="60" rx="6" fill="none" stroke="${stitchColor}" stroke-width="2.5" stroke-dasharray="6 4"/>`;
    details += buttons(
      310,
      [190, 260, 330, 400, 470, 540].filter((y) => y < hem - 20),
      t.isLight ? t.deep : GOLD,
      6,
    );
    details += stitch(`M184 ${hem - 60} L416 ${hem - 60}`, stitchColor);
  } else if (f.has('biker')) {
    details += `<path d="M258 118 L210 170 L262 250 L300 140 Z M342 118 L396 178 L330 260 L300 140 Z" fill="${t.deep}" opacity=".55"/><path d="M342 160 L268 ${hem}" stroke="${SILVER}" stroke-width="5"/>`;
    details +=
      seam('M208 330 L262 320 M338 330 L392 340', SILVER, 4, 0.9) +
      `<rect x="182" y="${hem - 30}" width="236" height="22" fill="${t.deep}" opacity=".5"/>`;
  } else {
    // Technical outerwear: zips, chest pocket and hood lining.
    details += `<path d="M300 140 L300 ${hem}" stroke="${t.deep}" stroke-width="6"/>${seam('M340 220 L392 210', t.deep, 4, 0.8)}`;
    if (hooded)
      details += `<path d="M258 126 Q262 76 300 70 Q338 76 342 126 Q300 140 258 126 Z" fill="${t.deep}" opacity=".55"/>`;
    details += seam(`M184 ${hem - 10} L416 ${hem - 10}`, t.deep, 4, 0.4);
  }
  if (f.has('belted', 'trench')) {
    const y = Math.round(hem * 0.62);
    details += `<path d="M${180 - flare / 2} ${y - 14} L${420 + flare / 2} ${y - 14} L${420 + flare / 2} ${y + 14} L${180 - flare / 2} ${y + 14} Z" fill="${t.dark}"/><rect x="282" y="${y - 18}" width="36" height="36" rx="4" fill="none" stroke="${t.deep}" stroke-width="5"/><path d="M318 ${y} Q340 ${y + 60} 330 ${y + 110} M318 ${y} Q356 ${y + 50} 360 ${y + 96}" fill="none" stroke="${t.dark}" stroke-width="14" stroke-linecap="round"/>`;
  }
  return { shape, details, focus: [300, 240] };
}

function suit(f: Features, t: Tone): Drawing {
  const legs = '<path d="M186 520 L300 520 L296 770 L206 770 Z M300 520 L414 520 L394 770 L304 770 Z"/>';
  const coat = jacket(f, t, 560);
  const tux = f.has('tuxedo');
  const lapel = tux ? '#17171a' : t.dark;
  let details = `<path d="M262 118 L300 250 L338 118 Q300 130 262 118 Z" fill="#f7f5f0"/>`;
  details += tux
    ? bow(300, 136, 0.42, '#17171a', '#000')
    : `<path d="M292 132 L308 132 L312 150 L318 240 L300 262 L282 240 L288 150 Z" fill="${mix(t.fill, '#8a1c2c', 0.6)}"/>`;
  details += `<path d="M262 118 L226 160 L262 218 L246 236 L300 340 L300 250 Z" fill="${lapel}" opacity=".7"/><path d="M338 118 L374 160 L338 218 L354 236 L300 340 L300 250 Z" fill="${lapel}" opacity=".7"/>`;
  details += seam('M300 340 L300 560 M186 560 Q300 572 414 560', t.deep, 3, 0.55) + buttons(306, [380, 440], t.deep);
  details +=
    `<path d="M340 250 L384 242 L380 256 L344 262 Z" fill="#f7f5f0"/>` +
    seam('M208 440 L262 436 M338 436 L392 440', t.deep, 4, 0.6);
  if (f.has('three-piece'))
    details += `<path d="M262 236 L300 340 L338 236" fill="none" stroke="${t.deep}" stroke-width="3" opacity=".6"/>`;
  details += seam('M300 572 L300 770', t.deep, 2, 0.4);
  return { shape: legs + coat.shape, details, focus: [300, 230] };
}

function skirt(f: Features, t: Tone): Drawing {
  const hem = f.has('mini') ? 430 : f.has('maxi') ? 700 : f.has('dance', 'tutu', 'practice') ? 470 : 580;
  const flare = (f.has('pencil') ? 110 : f.has('a-line', 'circle', 'tutu', 'tiered', 'pleated') ? 182 : 150) + f.v * 16;
  const slant = f.has('asymmetric') ? 60 : 0;
  const shape = `<path d="M200 170 L400 170 L403 206 L${300 + flare} ${hem - slant} Q300 ${hem + 24} ${300 - flare} ${hem + slant} L197 206 Z"/>`;
  let details = `<path d="M200 170 L400 170 L403 206 Q300 214 197 206 Z" fill="${t.dark}" opacity=".5"/>`;
  const folds = f.has('pleated') ? [-0.85, -0.6, -0.35, -0.12, 0.12, 0.35, 0.6, 0.85] : [-0.5, 0, 0.5];
  for (const dx of folds)
    details += seam(
      `M${300 + dx * 96} 212 L${300 + dx * flare} ${hem + 12 - dx * slant}`,
      t.line,
      2,
      f.has('pleated') ? 0.4 : 0.2,
    );
  if (f.has('tutu', 'tulle')) {
    for (const y of [hem - 120, hem - 60])
      details += seam(`M${300 - flare * 0.7} ${y} Q300 ${y + 16} ${300 + flare * 0.7} ${y}`, t.light, 6, 0.55);
  }
  if (f.has('wrap'))
    details +=
      seam(`M350 208 Q${300 + flare * 0.45} ${hem - 80} ${300 + flare * 0.6} ${hem + 8}`, t.line, 3, 0.5) +
      bow(352, 196, 0.4, t.fill, t.dark);
  if (f.has('button-front'))
    details += buttons(
      300,
      [240, 300, 360, 420, 480, 540, 600].filter((y) => y < hem - 20),
      t.deep,
      5,
    );
  if (f.has('tiered')) {
    for (const k of [1, 2]) {
      const y = 206 + ((hem - 206) * k) / 3;
      details += seam(
        `M${300 - 100 - (flare - 100) * (k / 3)} ${y} Q300 ${y + 12} ${300 + 100 + (flare - 100) * (k / 3)} ${y}`,
        t.line,
        2.5,
        0.45,
      );
    }
  }
  return { shape, details, focus: [300, 280] };
}

function trousers(f: Features, t: Tone, kind: 'trousers' | 'shorts' | 'leggings'): Drawing {
  const leggings = kind === 'leggings';
  const hem = kind === 'shorts' ? (f.has('bib') ? 440 : 380) : f.has('7/8') ? 690 : 740;
  const waistTop = leggings ? 110 : 120;
  const hip = leggings ? 100 : 106;
  let outer = leggings ? 86 : 112;
  const inner = leggings ? 20 : 18;
  if (f.has('wide-leg', 'flare', 'bootcut', 'flared', 'board')) outer += f.has('wide-leg', 'board') ? 34 : 26;
  if (f.has('skinny')) outer -= 18;
  if (f.has('mom', 'barrel', 'boyfriend')) outer -= 6;
  if (kind === 'shorts' && !f.has('bib')) outer += 12;
  const thigh = f.has('barrel', 'boyfriend', 'mom') ? 130 : leggings ? 104 : 116;
  const crotch = kind === 'shorts' ? 300 : 350;
  const shape = `${f.has('bib') ? '<path d="M232 120 L256 20 L276 20 L262 124 Z M368 120 L344 20 L324 20 L338 124 Z"/>' : ''}<path d="M${300 - hip} ${waistTop} L${300 + hip} ${waistTop} Q${300 + thigh} 260 ${300 + outer} ${hem} L${300 + inner} ${hem + 4} L300 ${crotch} L${300 - inner} ${hem + 4} L${300 - outer} ${hem} Q${300 - thigh} 260 ${300 - hip} ${waistTop} Z"/>`;
  const denim = f.has('jeans');
  const thread = denim ? '#d6a33a' : t.line;
  let details = leggings
    ? `<path d="M${300 - hip} ${waistTop} L${300 + hip} ${waistTop} L${300 + hip + 2} ${waistTop + 56} Q300 ${waistTop + 66} ${300 - hip - 2} ${waistTop + 56} Z" fill="${t.dark}" opacity=".45"/>`
    : `<path d="M${300 - hip} ${waistTop} L${300 + hip} ${waistTop} L${300 + hip + 1} ${waistTop + 28} L${300 - hip - 1} ${waistTop + 28} Z" fill="${t.dark}" opacity=".4"/>`;
  if (!leggings && !f.has('bib', 'running', 'swim', 'board', 'cycling')) {
    details += stitch(
      `M300 ${waistTop + 30} L300 ${crotch - 40} Q300 ${crotch - 20} 322 ${crotch - 36} L322 ${waistTop + 30}`,
      thread,
    );
    details += stitch(
      `M${300 - hip + 6} ${waistTop + 46} Q${300 - hip + 56} ${waistTop + 56} ${300 - hip + 70} ${waistTop + 30} M${300 + hip - 6} ${waistTop + 46} Q${300 + hip - 56} ${waistTop + 56} ${300 + hip - 70} ${waistTop + 30}`,
      thread,
    );
    details += [-80, -30, 30, 80]
      .map((dx) => `<rect x="${300 + dx - 4}" y="${waistTop - 4}" width="8" height="34" rx="2" fill="${t.dark}"/>`)
      .join('');
    if (denim) details += `<circle cx="300" cy="${waistTop + 14}" r="7" fill="${GOLD}"/>`;
  } else if (f.has('running', 'swim', 'board')) {
    details += seam(
      `M290 ${waistTop + 14} Q280 ${waistTop + 60} 268 ${waistTop + 74} M310 ${waistTop + 14} Q320 ${waistTop + 60} 332 ${waistTop + 74}`,
      t.light,
      4,
      0.9,
    );
  }
  if (kind === 'shorts' && f.has('bib', 'cycling'))
    details += `<path d="M${300 - outer} ${hem - 18} L${300 - inner} ${hem - 14} L${300 - inner} ${hem + 4} L${300 - outer} ${hem} Z M${300 + outer} ${hem - 18} L${300 + inner} ${hem - 14} L${300 + inner} ${hem + 4} L${300 + outer} ${hem} Z" fill="${t.deep}" opacity=".7"/>`;
  if (kind === 'shorts' && f.has('split-hem', '2-in-1'))
    details += `<path d="M${300 - outer + 6} ${hem + 2} L${300 - outer + 14} ${hem - 34} L${300 - outer + 22} ${hem + 2} Z M${300 + outer - 6} ${hem + 2} L${300 + outer - 14} ${hem - 34} L${300 + outer - 22} ${hem + 2} Z" fill="url(#bg)"/>`;
  details += seam(
    `M${300 - (outer + thigh) / 2 + 8} ${crotch + 20} L${300 - (outer + inner) / 2} ${hem - 4} M${300 + (outer + thigh) / 2 - 8} ${crotch + 20} L${300 + (outer + inner) / 2} ${hem - 4}`,
    t.line,
    2,
    0.2,
  );
  if (f.has('ripped'))
    details += seam(
      `M${300 - 72} 500 L${300 - 40} 498 M${300 - 70} 512 L${300 - 44} 512 M${300 + 46} 470 L${300 + 78} 472`,
      '#f4efe4',
      4,
      0.9,
    );
  if (f.has('pocket') && leggings) details += seam(`M${300 + outer + 4} 300 L${300 + outer - 6} 430`, t.deep, 3, 0.5);
  return { shape, details, focus: [300, 260] };
}

function swimsuit(f: Features, t: Tone): Drawing {
  const sleeves = f.has('long-sleeve');
  const cut = f.has('high-leg') ? 470 : 520;
  const neck = f.has('square-neck') ? 'L270 214 L330 214 L340 124' : 'Q300 232 340 124';
  const shape = `<path d="M244 124 L262 124 ${neck} L356 124 Q360 226 384 268 Q372 400 380 ${cut} Q338 540 320 624 L280 624 Q262 540 220 ${cut} Q228 400 216 268 Q240 226 244 124 Z"/>${
    sleeves
      ? '<path d="M356 126 Q404 140 414 200 L446 470 L414 478 L384 262 Z M244 126 Q196 140 186 200 L154 470 L186 478 L216 262 Z"/>'
      : ''
  }`;
  let details = seam(`M220 ${cut} Q260 540 280 622 M380 ${cut} Q340 540 320 622`, t.line, 2, 0.3);
  if (f.has('cut-out')) details += `<ellipse cx="300" cy="380" rx="34" ry="22" fill="url(#bg)"/>`;
  if (f.has('belted'))
    details += `<rect x="220" y="366" width="160" height="22" fill="${t.deep}"/><circle cx="300" cy="377" r="15" fill="none" stroke="${GOLD}" stroke-width="5"/>`;
  if (f.has('ruched'))
    for (let y = 300; y < 460; y += 20) details += seam(`M228 ${y} Q300 ${y + 22} 372 ${y + 4}`, t.line, 2, 0.3);
  if (f.has('lace-back', 'mesh-panel'))
    details += `<path d="M250 140 Q300 240 350 140 L346 210 Q300 260 254 210 Z" fill="#fff" opacity=".25"/>`;
  return { shape, details, focus: [300, 260] };
}

// ---------------------------------------------------------------- shoes (side view, toe to the right, ground at 620)

function sneaker(f: Features, t: Tone): Drawing {
  const platform = f.has('platform', 'chunky') ? 30 : f.has('running', 'runners', 'cushioned', 'trail') ? 18 : 0;
  const lift = platform;
  const soleTop = 560 - lift;
  const shape = `<path d="M98 ${soleTop} L96 ${470 - lift} Q98 ${420 - lift} 132 ${412 - lift} Q170 ${420 - lift} 200 ${436 - lift} Q226 ${440 - lift} 246 ${404 - lift} L262 ${378 - lift} Q286 ${366 - lift} 300 ${378 - lift} L318 ${400 - lift} Q380 ${440 - lift} 450 ${462 - lift} Q528 ${482 - lift} 544 ${530 - lift} L546 ${soleTop} Z"/>`;
  const sole = t.isLight ? '#ffffff' : f.has('trail') ? '#3a3a3a' : '#f7f4ee';
  let details = `<path d="M90 ${soleTop - 4} Q86 620 128 620 L504 620 Q552 618 552 ${soleTop + 20} Q552 ${soleTop - 2} 534 ${soleTop - 4} Z" fill="${sole}" stroke="#cfc9c0" stroke-width="2"/>`;
  details += seam(`M100 ${soleTop + 26} L546 ${soleTop + 26}`, '#bdb6ab', 2, 0.7);
  details += `<path d="M266 ${390 - lift} Q330 ${422 - lift} 440 ${466 - lift} L452 ${482 - lift} Q330 ${446 - lift} 254 ${410 - lift} Z" fill="${t.dark}" opacity=".7"/>`;
  for (let i = 0; i < 5; i++) {
    const x = 282 + i * 34;
    const y = 402 - lift + i * 14;
    details += `<path d="M${x - 10} ${y - 10} L${x + 14} ${y + 10}" stroke="${t.isLight ? '#d9d4cc' : '#f7f5f0'}" stroke-width="5" stroke-linecap="round"/>`;
  }
  details += `<path d="M150 ${soleTop - 14} Q260 ${470 - lift} 400 ${492 - lift} Q300 ${520 - lift} 170 ${soleTop - 6} Z" fill="${t.contrast}" opacity=".85"/>`;
  details += `<path d="M96 ${470 - lift} Q98 ${420 - lift} 132 ${412 - lift} L136 ${soleTop} L98 ${soleTop} Z" fill="${t.dark}" opacity=".55"/>`;
  details += seam(`M470 ${470 - lift} Q520 ${500 - lift} 530 ${soleTop - 6}`, t.line, 2, 0.4);
  return { shape, details, focus: [340, 470], shoe: true };
}

function boot(f: Features, t: Tone): Drawing {
  const top = f.has('knee-high') ? 110 : f.has('hiking', 'walking', 'combat', 'lace-up', 'western') ? 250 : 290;
  const lug = f.has('lug', 'chunky', 'combat', 'hiking', 'walking');
  const pointed = f.has('pointed', 'western');
  const toe = pointed ? 'Q520 494 580 560 L580 588' : 'Q530 498 546 548 L548 588';
  const shape = `<path d="M150 ${top + 8} Q228 ${top - 10} 304 ${top} L310 430 Q330 462 420 484 ${toe} L146 588 Q136 480 150 ${top} Z"/>`;
  const soleH = lug ? 30 : 18;
  let details = `<path d="M138 588 L${pointed ? 584 : 552} 588 Q${pointed ? 586 : 556} ${588 + soleH} ${pointed ? 570 : 540} ${588 + soleH} L138 ${588 + soleH} Z" fill="#2a2522"/>`;
  details += `<path d="M144 ${588 + soleH} L236 ${588 + soleH} L232 620 L148 620 Z" fill="#1e1a18"/>`;
  if (lug)
    for (let x = 160; x < 540; x += 26)
      details += `<rect x="${x}" y="${588 + soleH - 8}" width="14" height="10" fill="#000" opacity=".35"/>`;
  if (f.has('chelsea')) {
    details += `<path d="M200 ${top} L258 ${top} L246 410 L214 410 Z" fill="${t.deep}" opacity=".8"/><rect x="150" y="${top - 30}" width="22" height="40" rx="6" fill="${t.deep}"/>`;
  } else if (f.has('lace-up', 'combat', 'hiking', 'walking')) {
    for (let y = top + 24; y < 440; y += 30)
      details += `<circle cx="${300 + (y - top) * 0.04}" cy="${y}" r="5" fill="${SILVER}"/><path d="M${260} ${y + 8} L${306} ${y}" stroke="${t.isLight ? t.deep : '#efe6d8'}" stroke-width="4" stroke-linecap="round"/>`;
    if (f.has('hiking', 'walking'))
      details +=
        `<path d="M146 560 L548 560 L548 588 L146 588 Z" fill="${t.deep}" opacity=".5"/>` +
        `<rect x="148" y="${top}" width="156" height="22" fill="${t.deep}" opacity=".55"/>`;
  } else if (f.has('western')) {
    details += seam(
      `M170 ${top + 40} Q230 ${top + 90} 290 ${top + 40} M180 ${top + 90} Q230 ${top + 140} 280 ${top + 90}`,
      t.light,
      3,
      0.8,
    );
  } else {
    details += seam(`M160 ${top + 10} L160 560`, SILVER, 3, 0.6);
  }
  if (f.has('slouchy'))
    for (let y = top + 40; y < 400; y += 44) details += seam(`M152 ${y} Q230 ${y + 16} 306 ${y - 4}`, t.line, 2.5, 0.4);
  details += seam(`M320 452 Q420 500 ${pointed ? 560 : 530} 540`, t.line, 2, 0.35);
  return { shape, details, focus: [330, 430], shoe: true };
}

function heel(f: Features, t: Tone): Drawing {
  const pointed = f.has('pointed', 'stiletto');
  const square = f.has('square-toe');
  const toe = pointed
    ? 'L540 608 Q586 606 586 596 Q560 560 500 532'
    : square
      ? 'L540 608 L552 608 L552 560 Q540 540 500 532'
      : 'L522 608 Q558 604 554 578 Q548 548 500 532';
  const sling = f.has('slingback', 'sandals');
  const shape = `<path d="M${sling ? 176 : 146} ${sling ? 440 : 390} Q142 440 160 474 Q270 486 370 592 Q388 608 430 608 ${toe} Q440 514 384 486 Q260 460 ${sling ? 176 : 146} ${sling ? 440 : 390} Z"/>`;
  const kitten = f.has('kitten', 'block');
  let details = kitten
    ? `<path d="M158 472 L214 480 L204 620 L172 620 Z" fill="${t.deep}"/>`
    : `<path d="M158 472 L204 478 Q190 540 198 620 L184 620 Q170 540 158 472 Z" fill="${t.deep}"/>`;
  details += `<path d="M162 474 Q270 486 370 592 Q388 608 430 608 L${pointed ? 540 : 522} 608" fill="none" stroke="#2a2522" stroke-width="4"/>`;
  details += `<path d="M168 420 Q260 460 380 490 Q270 470 186 440 Z" fill="${t.deep}" opacity=".55"/>`;
  if (sling) details += `<path d="M176 440 Q150 420 156 470" fill="none" stroke="${t.fill}" stroke-width="10"/>`;
  if (f.has('ankle-strap'))
    details += `<path d="M150 392 Q200 360 250 380" fill="none" stroke="${t.fill}" stroke-width="12" stroke-linecap="round"/><rect x="236" y="370" width="16" height="18" rx="3" fill="none" stroke="${GOLD}" stroke-width="3"/>`;
  if (f.has('bow')) details += bow(420, 500, 0.7, t.fill, t.dark);
  if (f.has('pearl', 'crystal'))
    details += [0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<circle cx="${392 + i * 22}" cy="${498 + i * 8}" r="7" fill="${f.has('pearl') ? '#fbf8f1' : '#e8f1fb'}" stroke="#bbb" stroke-width="1"/>`,
      )
      .join('');
  if (f.has('peep-toe')) details += `<ellipse cx="548" cy="586" rx="12" ry="9" fill="#e9d3c3"/>`;
  details += sheen('M420 520 Q480 534 520 560');
  return { shape, details, focus: [400, 520], shoe: true };
}

function sandal(f: Features, t: Tone): Drawing {
  const wedge = f.has('wedge', 'platform');
  const footbed = f.has('cork') ? '#c8a273' : t.isLight ? '#c9a27a' : '#b58a5f';
  const shape = f.has('slide', 'slides')
    ? '<path d="M300 574 Q330 470 420 470 Q500 474 520 574 Z"/>'
    : `<path d="M330 ${wedge ? 548 : 574} Q360 ${wedge ? 480 : 500} 420 500 L436 514 Q380 520 352 ${wedge ? 550 : 574} Z M430 ${wedge ? 552 : 574} Q460 508 510 518 Q532 540 528 574 L510 574 Q506 540 474 540 Q452 550 450 574 Z M150 ${wedge ? 470 : 520} Q190 ${wedge ? 400 : 440} 250 ${wedge ? 456 : 500} L244 ${wedge ? 470 : 514} Q190 ${wedge ? 420 : 462} 160 ${wedge ? 484 : 534} Z M150 ${wedge ? 480 : 528} L170 ${wedge ? 480 : 528} L176 ${wedge ? 540 : 574} L148 ${wedge ? 540 : 574} Z${
        f.has('gladiator') ? ' M150 430 L300 450 L300 466 L150 446 Z M150 390 L290 410 L290 426 L150 406 Z' : ''
      }${f.has('cross-strap', 'strappy', 'braided') ? ' M262 560 Q320 470 400 480 L404 494 Q330 490 280 566 Z' : ''}"/>`;
  let details = wedge
    ? `<path d="M120 ${540} L140 ${488} L530 560 Q552 566 548 586 Q546 606 520 608 L120 608 Z" fill="${footbed}"/><path d="M120 560 L548 590" stroke="#000" stroke-opacity=".12" stroke-width="3"/>`
    : `<path d="M100 588 Q96 608 120 610 L520 610 Q552 606 548 586 Q540 572 510 572 L130 572 Q104 572 100 588 Z" fill="${footbed}"/><path d="M104 596 L546 596" stroke="#2a2522" stroke-opacity=".4" stroke-width="6"/>`;
  if (f.has('buckle') && !f.has('slide'))
    details += `<rect x="226" y="${wedge ? 444 : 488}" width="18" height="20" rx="3" fill="none" stroke="${GOLD}" stroke-width="4"/>`;
  if (f.has('braided')) details += stitch('M340 566 Q376 506 424 506', t.light, 3);
  return { shape, details, focus: [360, 530], shoe: true, box: { x0: 96, y0: wedge ? 400 : 440, x1: 552, y1: 612 } };
}

function loafer(f: Features, t: Tone): Drawing {
  const lug = f.has('lug', 'chunky');
  const base = lug ? 584 : 594;
  const shape = `<path d="M120 ${base} Q112 520 126 474 Q190 486 250 486 Q300 470 360 458 Q440 470 500 506 Q548 530 548 ${base} Z"/>`;
  let details = `<path d="M112 ${base} L552 ${base} Q556 ${lug ? 612 : 606} 540 ${lug ? 612 : 606} L116 ${lug ? 612 : 606} Z" fill="#2a2522"/><path d="M116 ${lug ? 612 : 606} L200 ${lug ? 612 : 606} L198 620 L120 620 Z" fill="#1e1a18"/>`;
  details += stitch('M372 474 Q470 470 524 526 M372 474 Q360 520 404 560 Q470 580 530 560', t.light, 2.5);
  if (f.has('penny'))
    details += `<path d="M330 470 Q380 462 430 488 L424 510 Q380 488 334 494 Z" fill="${t.deep}"/><ellipse cx="382" cy="486" rx="16" ry="5" fill="#1b1614"/>`;
  if (f.has('horsebit'))
    details += `<path d="M340 486 Q384 470 430 494" fill="none" stroke="${GOLD}" stroke-width="7" stroke-linecap="round"/><circle cx="340" cy="486" r="8" fill="none" stroke="${GOLD}" stroke-width="4"/><circle cx="430" cy="494" r="8" fill="none" stroke="${GOLD}" stroke-width="4"/>`;
  if (f.has('tassel'))
    details += `<path d="M360 476 L350 530 M372 478 L372 534" stroke="${t.deep}" stroke-width="5"/><ellipse cx="350" cy="536" rx="8" ry="12" fill="${t.deep}"/><ellipse cx="372" cy="540" rx="8" ry="12" fill="${t.deep}"/>`;
  if (f.has('driving'))
    for (let x = 300; x < 540; x += 28) details += `<circle cx="${x}" cy="${base + 8}" r="6" fill="#2a2522"/>`;
  details += `<path d="M130 480 Q200 498 260 494 Q200 504 134 492 Z" fill="${t.deep}" opacity=".6"/>${sheen('M430 500 Q490 516 520 544')}`;
  return { shape, details, focus: [400, 520], shoe: true };
}

function flat(f: Features, t: Tone): Drawing {
  const pointed = f.has('pointed');
  const toe = pointed
    ? 'Q552 548 582 590 Q584 596 560 598'
    : f.has('square-toe')
      ? 'Q520 528 552 552 L548 598'
      : 'Q520 530 548 560 Q560 580 540 598';
  const shape = `<path d="M118 598 Q110 560 122 530 Q180 548 250 544 Q330 528 380 516 Q430 514 470 522 ${toe} Z"/>`;
  let details = `<path d="M112 598 L${pointed ? 566 : 548} 598 L${pointed ? 560 : 540} 610 L118 610 Z" fill="#2a2522"/>`;
  details += `<path d="M128 534 Q200 552 260 548 Q330 534 384 522 Q320 544 250 556 Q180 560 130 546 Z" fill="${t.deep}" opacity=".5"/>`;
  if (f.has('bow') || f.has('ballet flats')) details += bow(430, 520, 0.55, t.dark, t.deep);
  if (f.has('mary jane'))
    details += `<path d="M250 548 Q270 470 330 470 Q340 500 340 528" fill="none" stroke="${t.fill}" stroke-width="14" stroke-linecap="round"/><circle cx="330" cy="478" r="6" fill="${GOLD}"/>`;
  if (f.has('ballet slippers', 'split-sole', 'full-sole'))
    details += `<path d="M220 548 L300 440 M300 440 L360 526" stroke="#f1d2c6" stroke-width="8" stroke-linecap="round"/>`;
  if (f.has('jazz')) details += `<path d="M300 530 L300 500 L380 500 L380 518" fill="none" stroke="${t.deep}" stroke-width="6"/>`;
  if (f.has('quilted'))
    details += `<path d="M400 524 L460 572 M440 520 L500 568 M420 560 L480 522" stroke="#000" stroke-opacity=".18" stroke-width="3"/>`;
  details += sheen('M440 530 Q500 540 530 566');
  return { shape, details, focus: [400, 540], shoe: true };
}

// ---------------------------------------------------------------- hobby gear

function mat(f: Features, t: Tone): Drawing {
  const shape = '<path d="M170 300 L470 300 A40 96 0 0 1 470 492 L170 492 A40 96 0 0 1 170 300 Z"/>';
  let details = `<ellipse cx="170" cy="396" rx="40" ry="96" fill="${t.light}"/>`;
  for (const r of [80, 62, 44, 26])
    details += `<ellipse cx="170" cy="${396 + (96 - r) * 0.2}" rx="${(r * 40) / 96}" ry="${r}" fill="none" stroke="${t.dark}" stroke-width="3" opacity=".6"/>`;
  details += `<rect x="250" y="294" width="26" height="204" rx="4" fill="${t.deep}"/><rect x="400" y="294" width="26" height="204" rx="4" fill="${t.deep}"/><path d="M263 300 Q340 190 413 300" fill="none" stroke="${t.deep}" stroke-width="14"/>`;
  details += `<path d="M60 560 L540 560 L520 640 L80 640 Z" fill="${t.fill}" opacity=".9"/><path d="M60 560 L540 560 L540 572 L60 572 Z" fill="${t.dark}" opacity=".5"/>`;
  if (f.has('cork')) details += `<path d="M80 580 L520 580 L510 630 L90 630 Z" fill="#c8a273" opacity=".8"/>`;
  if (f.has('alignment')) details += seam('M300 580 L300 636 M200 580 L196 636 M400 580 L404 636', '#fff', 3, 0.6);
  return { shape, details, focus: [220, 400], box: { x0: 60, y0: 190, x1: 540, y1: 640 } };
}

function backpack(f: Features, t: Tone): Drawing {
  const rollTop = f.has('roll-top');
  const under = `<path d="M170 260 Q120 300 136 560" fill="none" stroke="${t.deep}" stroke-width="26" stroke-linecap="round"/><path d="M430 260 Q480 300 464 560" fill="none" stroke="${t.deep}" stroke-width="26" stroke-linecap="round"/>`;
  const shape = rollTop
    ? '<path d="M180 150 L420 150 L430 640 Q430 690 380 690 L220 690 Q170 690 170 640 Z"/>'
    : '<path d="M170 260 Q170 150 300 150 Q430 150 430 260 L434 640 Q434 690 384 690 L216 690 Q166 690 166 640 Z"/>';
  let details = rollTop
    ? `<rect x="176" y="136" width="248" height="48" rx="20" fill="${t.dark}"/><path d="M220 184 L220 300 M380 184 L380 300" stroke="#1e1e1e" stroke-width="10"/><rect x="206" y="290" width="28" height="30" rx="4" fill="#2a2a2a"/><rect x="366" y="290" width="28" height="30" rx="4" fill="#2a2a2a"/>`
    : `<path d="M176 250 Q176 150 300 150 Q424 150 424 250 Q424 300 380 304 L220 304 Q176 300 176 250 Z" fill="${t.dark}"/><path d="M260 128 Q300 100 340 128" fill="none" stroke="${t.deep}" stroke-width="12" stroke-linecap="round"/><rect x="286" y="296" width="28" height="60" rx="6" fill="#2a2a2a"/>`;
  details += `<rect x="208" y="440" width="184" height="200" rx="34" fill="${t.dark}"/>${stitch('M222 456 L378 456', t.light, 2)}`;
  details += `<path d="M204 400 L396 400" stroke="#1e1e1e" stroke-width="8" opacity=".6"/><rect x="290" y="388" width="20" height="24" rx="3" fill="#2a2a2a"/>`;
  details +=
    `<path d="M170 360 L150 640 M430 360 L450 640" stroke="${t.deep}" stroke-width="8" stroke-opacity=".6"/>` +
    sheen('M190 270 Q196 200 250 170');
  return { shape, details, under, focus: [300, 300] };
}

function helmet(f: Features, t: Tone): Drawing {
  const shape =
    '<path d="M110 470 Q100 300 290 250 Q470 226 520 400 Q530 440 500 462 Q460 470 420 456 L380 470 Q300 490 200 486 Z"/>';
  let details = '';
  const vents = [
    [200, 330, 60, 20, -20],
    [300, 296, 64, 20, -6],
    [400, 300, 60, 20, 12],
    [250, 390, 56, 18, -10],
    [360, 380, 56, 18, 6],
  ] as const;
  for (const [x, y, rx, ry, a] of vents)
    details += `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="#1d1d20" transform="rotate(${a} ${x} ${y})"/>`;
  details += `<path d="M440 420 Q500 404 540 430 Q520 456 470 458 Z" fill="#1d1d20"/><path d="M110 470 Q300 504 420 456" fill="none" stroke="#1d1d20" stroke-width="12"/>`;
  details += `<path d="M170 480 L250 600 L330 486" fill="none" stroke="#26262a" stroke-width="8" stroke-linejoin="round"/><rect x="236" y="592" width="30" height="22" rx="4" fill="#26262a"/>`;
  details += sheen('M160 380 Q200 300 290 276') + (f.has('aero') ? seam('M120 460 Q60 420 80 380', t.dark, 20, 1) : '');
  return { shape, details, focus: [300, 360] };
}

// ---------------------------------------------------------------- bridal

function veil(f: Features, t: Tone): Drawing {
  const hem = f.has('cathedral') ? 780 : f.has('chapel') ? 710 : f.has('fingertip') ? 560 : f.has('elbow') ? 470 : 400;
  const w = f.has('cathedral', 'chapel') ? 230 : f.has('blusher') ? 150 : 190;
  const shape = `<path d="M250 120 Q300 104 350 120 Q${300 + w * 0.9} ${hem * 0.55} ${300 + w} ${hem} Q300 ${hem + 30} ${300 - w} ${hem} Q${300 - w * 0.9} ${hem * 0.55} 250 120 Z"/>${
    f.has('two-tier')
      ? `<path d="M254 122 Q300 110 346 122 Q${300 + w * 0.75} ${hem * 0.35} ${300 + w * 0.8} ${hem * 0.6} Q300 ${hem * 0.6 + 24} ${300 - w * 0.8} ${hem * 0.6} Q${300 - w * 0.75} ${hem * 0.35} 254 122 Z"/>`
      : ''
  }`;
  let details = `<rect x="246" y="104" width="108" height="22" rx="8" fill="${SILVER}"/>`;
  for (let x = 254; x < 350; x += 12) details += `<rect x="${x}" y="124" width="4" height="16" fill="${SILVER}"/>`;
  for (const dx of [-0.7, -0.35, 0, 0.35, 0.7])
    details += seam(`M${300 + dx * 40} 136 Q${300 + dx * w * 0.8} ${hem * 0.6} ${300 + dx * w} ${hem + 8}`, t.line, 2, 0.22);
  if (f.has('lace-edge')) {
    let d = '';
    for (let i = -w; i < w; i += 24) d += `M${300 + i} ${hem + 4 + 14 * (1 - (i / w) ** 2)} q12 14 24 0 `;
    details += seam(d, t.line, 3, 0.5);
  }
  if (f.has('pearl', 'crystal')) {
    for (let i = 0; i < 26; i++) {
      const y = 180 + ((i * 97) % (hem - 200));
      const spread = ((y - 120) / (hem - 120)) * w * 0.9;
      const x = 300 + (((i * 53) % 100) / 50 - 1) * spread;
      details += `<circle cx="${x.toFixed(0)}" cy="${y}" r="${f.has('pearl') ? 5 : 4}" fill="${f.has('pearl') ? '#fffdf6' : '#eaf3ff'}" stroke="#b9b4aa" stroke-width="1"/>`;
    }
  }
  return { shape, details, focus: [300, 260], opacity: 0.62 };
}

function tiara(f: Features, t: Tone): Drawing {
  const metal = t.fill;
  if (f.has('hair vine')) {
    const shape = '<path d="M100 420 Q200 350 300 400 Q400 450 500 380 L504 392 Q400 464 300 414 Q200 364 104 432 Z"/>';
    let details = '';
    for (let i = 0; i < 9; i++) {
      const x = 120 + i * 45;
      const y = 400 + Math.sin(i * 1.3) * 30;
      details += `<ellipse cx="${x}" cy="${y - 18}" rx="16" ry="7" fill="${mix(metal, '#8aa37a', 0.4)}" transform="rotate(-30 ${x} ${y - 18})"/><circle cx="${x + 10}" cy="${y + 12}" r="8" fill="#fffdf6" stroke="#c8c2b6"/>`;
    }
    return { shape, details, focus: [300, 400] };
  }
  if (f.has('headband')) {
    const shape = '<path d="M120 560 Q120 280 300 270 Q480 280 480 560 L462 560 Q462 300 300 292 Q138 300 138 560 Z"/>';
    let details = '';
    for (const [x, y] of [
      [230, 300],
      [270, 284],
      [310, 280],
      [350, 290],
      [380, 310],
    ] as const) {
      details += f.has('pearl')
        ? `<circle cx="${x}" cy="${y}" r="16" fill="#fffdf6" stroke="#c8c2b6" stroke-width="2"/>`
        : `${[0, 72, 144, 216, 288].map((a) => `<circle cx="${(x + Math.cos((a * Math.PI) / 180) * 11).toFixed(1)}" cy="${(y + Math.sin((a * Math.PI) / 180) * 11).toFixed(1)}" r="9" fill="#fbf7f0"/>`).join('')}<circle cx="${x}" cy="${y}" r="6" fill="${metal}"/>`;
    }
    return { shape, details, focus: [300, 320] };
  }
  const shape =
    '<path d="M110 520 Q300 420 490 520 L484 540 Q300 446 116 540 Z"/><path d="M150 498 L170 400 L204 470 L236 360 L262 452 L300 250 L338 452 L364 360 L396 470 L430 400 L450 498 Q300 430 150 498 Z"/>';
  let details = '';
  const gems: [number, number, number][] = [
    [300, 300, 16],
    [236, 400, 11],
    [364, 400, 11],
    [172, 440, 8],
    [428, 440, 8],
    [270, 440, 7],
    [330, 440, 7],
  ];
  for (const [x, y, r] of gems) {
    details += f.has('pearl')
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="#fffdf6" stroke="#c8c2b6" stroke-width="2"/>`
      : `<path d="M${x} ${y - r} L${x + r} ${y} L${x} ${y + r} L${x - r} ${y} Z" fill="#eaf4ff" stroke="#9fb7d1" stroke-width="2"/>`;
  }
  for (let x = 130; x < 480; x += 22)
    details += `<circle cx="${x}" cy="${520 - Math.sin(((x - 110) / 380) * Math.PI) * 78}" r="4" fill="#fff" opacity=".8"/>`;
  return { shape, details, focus: [300, 380] };
}

function bag(f: Features, t: Tone): Drawing {
  const shape =
    '<path d="M130 380 Q130 350 160 350 L440 350 Q470 350 470 380 L480 560 Q480 590 450 590 L150 590 Q120 590 120 560 Z"/>';
  let details = `<path d="M150 350 Q300 300 450 350" fill="none" stroke="${GOLD}" stroke-width="10"/><circle cx="288" cy="322" r="11" fill="${GOLD}"/><circle cx="312" cy="322" r="11" fill="${GOLD}"/>`;
  let chain = '';
  for (let i = 0; i <= 20; i++) {
    const a = Math.PI * (i / 20);
    chain += `<ellipse cx="${(300 - Math.cos(a) * 140).toFixed(1)}" cy="${(350 - Math.sin(a) * 200).toFixed(1)}" rx="6" ry="9" fill="none" stroke="${GOLD}" stroke-width="3"/>`;
  }
  details = chain + details;
  if (f.has('bow')) details += bow(300, 460, 1.2, t.fill, t.dark);
  if (f.has('pleated'))
    for (let x = 160; x < 450; x += 28) details += seam(`M${x} 362 Q${x + 4} 470 ${x - 4} 580`, t.line, 3, 0.35);
  if (f.has('pearl'))
    for (let x = 150; x <= 450; x += 20) details += `<circle cx="${x}" cy="380" r="8" fill="#fffdf6" stroke="#c8c2b6"/>`;
  details += sheen('M150 380 Q150 450 160 520');
  return { shape, details, focus: [300, 420] };
}

const DRAWINGS: Record<SilhouetteKind, (f: Features, t: Tone) => Drawing> = {
  dress,
  gown,
  top,
  tank,
  sweater,
  jacket: (f, t) => jacket(f, t),
  coat: (f, t) => jacket(f, t, 730),
  suit,
  skirt,
  trousers: (f, t) => trousers(f, t, 'trousers'),
  shorts: (f, t) => trousers(f, t, 'shorts'),
  leggings: (f, t) => trousers(f, t, 'leggings'),
  swimsuit,
  sneaker,
  boot,
  heel,
  sandal,
  loafer,
  flat,
  mat,
  backpack,
  helmet,
  veil,
  tiara,
  bag,
};

function featuresOf(name: string, variation: number): Features {
  const lower = name.toLowerCase();
  return { has: (...words) => words.some((w) => lower.includes(w)), v: variation };
}

/** The silhouette and its layers in drawing coordinates, with the box they occupy. */
function silhouette(kind: SilhouetteKind, name: string, color: string, variation: number, idPrefix = '', pair = true) {
  const tone = toneOf(color);
  const drawing = DRAWINGS[kind](featuresOf(name, variation), tone);
  const print = printOf(name);
  const id = (s: string) => `${idPrefix}${s}`;
  const defs = `<g id="${id('shape')}">${drawing.shape}</g>${print ? printDef(print, tone).replace('id="print"', `id="${id('print')}"`) : ''}`;
  const opacity = drawing.opacity ? ` opacity="${drawing.opacity}"` : '';
  const stamp = (extra: string) => `<use href="#${id('shape')}" ${extra}/>`;
  const box = drawing.box ?? boxOf(drawing.shape + (drawing.under ?? ''));
  let body = drawing.under ?? '';
  if (drawing.shoe) {
    // Shown as a pair: the second shoe a step behind, in shade.
    const [dx, dy] = pair ? [-60, -34] : [0, 0];
    body += `<ellipse cx="${(box.x0 + box.x1 + dx) / 2}" cy="624" rx="${(box.x1 - box.x0 - dx) / 2 + 20}" ry="14" fill="#000" opacity=".12"/>`;
    if (pair)
      body += `<g transform="translate(${dx} ${dy})">${stamp(`fill="${tone.dark}" stroke="${tone.line}" stroke-width="2"`)}</g>`;
    box.x0 += dx;
    box.y0 += dy;
    box.y1 = Math.max(box.y1, 624);
  }
  body += `<g filter="url(#${id('drop')})"${opacity}>${stamp(`fill="${tone.fill}" stroke="${tone.line}" stroke-width="2.5" stroke-linejoin="round"`)}</g>`;
  if (print) body += stamp(`fill="url(#${id('print')})"${opacity}`);
  body += stamp(`fill="url(#${id(drawing.shoe ? 'shadeV' : 'shadeH')})"${opacity}`);
  body += (drawing.details ?? '').replaceAll('url(#print)', `url(#${id('print')})`);
  return { drawing, tone, defs, body, box };
}

/** The transform that centres `box` on (cx, cy) scaled to fit w x h, never enlarged beyond `maxScale`. */
function fit(box: Box, cx: number, cy: number, w: number, h: number, maxScale: number) {
  const scale = Math.min(w / (box.x1 - box.x0), h / (box.y1 - box.y0), maxScale);
  const tx = cx - scale * ((box.x0 + box.x1) / 2);
  const ty = cy - scale * ((box.y0 + box.y1) / 2);
  return { scale, transform: `translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${scale.toFixed(4)})` };
}

const commonDefs = (idPrefix = '') =>
  `<linearGradient id="${idPrefix}shadeH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity=".24"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset=".7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".24"/></linearGradient><linearGradient id="${idPrefix}shadeV" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset=".55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".2"/></linearGradient><filter id="${idPrefix}drop" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="12"/><feOffset dy="14" result="blur"/><feComponentTransfer><feFuncA type="linear" slope=".22"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;

const backgroundDef = (id: string, top: string, bottom: string, diagonal = false) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${diagonal ? 1 : 0}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

const SHOES = new Set<SilhouetteKind>(['sneaker', 'boot', 'heel', 'sandal', 'loafer', 'flat']);

/** One product picture: 600 x 800, the main view or the hover view zoomed on its detail. */
export function drawProductSvg(picture: ProductPicture): string {
  const fill = colorHex(picture.color);
  const single = picture.view === 'alt' && SHOES.has(picture.kind);
  const { drawing, tone, defs, body, box } = silhouette(picture.kind, picture.name, fill, picture.variation, '', !single);
  const [bgTop, bgBottom] = backdrop(tone, picture.variation, picture.view);
  let transform: string;
  if (single) {
    // The hover view of a shoe: one shoe, seen from its other side.
    transform = `translate(600 0) scale(-1 1) ${fit(box, 300, 420, 500, 700, 1.35).transform}`;
  } else if (picture.view === 'alt') {
    const { scale } = fit(box, 300, 400, 520, 700, 1.35);
    const [fx, fy] = drawing.focus;
    transform = `translate(300 400) scale(${(scale * 1.6).toFixed(4)}) translate(${-fx} ${-fy})`;
  } else {
    transform = fit(box, 300, drawing.shoe ? 420 : 405, 520, 700, 1.35).transform;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800" width="600" height="800"><title>${escapeXml(`${picture.name}, ${picture.color}`)}</title><defs>${backgroundDef('bg', bgTop, bgBottom)}${commonDefs()}${defs}</defs><rect width="600" height="800" fill="url(#bg)"/><g transform="${transform}">${body}</g></svg>`;
}

/** A round category icon: one of the category's products on a soft disc. */
export function drawCategoryIconSvg(icon: { kind: SilhouetteKind; name: string; color: string; label: string }): string {
  const { defs, body, box, tone } = silhouette(icon.kind, icon.name, colorHex(icon.color), 0.5);
  const { transform } = fit(box, 100, 100, 124, 124, 1);
  const [discTop, discBottom] = tone.isLight ? ['#ddd5cd', '#c9bfb5'] : ['#f7f1ea', '#ece2d6'];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><title>${escapeXml(icon.label)}</title><defs>${backgroundDef('bg', discTop, discBottom)}${commonDefs()}${defs}</defs><circle cx="100" cy="100" r="98" fill="url(#bg)"/><g transform="${transform}">${body}</g></svg>`;
}

/** A wide banner for a top category's home page: its name beside a row of its products. */
export function drawBannerSvg(banner: {
  title: string;
  tagline: string;
  tint: [string, string];
  items: { kind: SilhouetteKind; name: string; color: string }[];
}): string {
  let defs = '';
  let art = '';
  banner.items.slice(0, 4).forEach((item, i) => {
    const s = silhouette(item.kind, item.name, colorHex(item.color), 0.3 + i * 0.15, `b${i}`);
    defs += commonDefs(`b${i}`) + s.defs;
    art += `<g transform="${fit(s.box, 800 + i * 200, 300, 180, 420, 0.75).transform}">${s.body}</g>`;
  });
  const sans = `'Helvetica Neue', Arial, sans-serif`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 600" width="1600" height="600"><title>${escapeXml(banner.title)}</title><defs>${backgroundDef('bg', banner.tint[0], banner.tint[1], true)}${defs}</defs><rect width="1600" height="600" fill="url(#bg)"/><circle cx="1100" cy="300" r="300" fill="#fff" opacity=".35"/><circle cx="1500" cy="80" r="130" fill="#fff" opacity=".22"/><text x="110" y="270" font-family="Georgia, 'Times New Roman', serif" font-size="104" fill="#2b2622">${escapeXml(banner.title)}</text><text x="114" y="340" font-family="${sans}" font-size="32" letter-spacing="4" fill="#5b514a">${escapeXml(banner.tagline.toUpperCase())}</text><rect x="114" y="392" width="210" height="58" rx="29" fill="#2b2622"/><text x="219" y="429" text-anchor="middle" font-family="${sans}" font-size="22" letter-spacing="2" fill="#fff">SHOP NOW</text>${art}</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
