/**
 * The demo catalogue's vocabulary: the category tree of spec 1 (clothing, shoes, hobbies,
 * wedding), the words product names are composed from, the colour palette and size runs.
 * Pure data; `catalog.ts` turns it into rows and `images.ts` into pictures.
 */

/** The silhouette drawn for a product type; each has its own drawing in images.ts. */
export type SilhouetteKind =
  | 'dress'
  | 'gown'
  | 'top'
  | 'tank'
  | 'sweater'
  | 'jacket'
  | 'coat'
  | 'suit'
  | 'skirt'
  | 'trousers'
  | 'shorts'
  | 'leggings'
  | 'swimsuit'
  | 'sneaker'
  | 'boot'
  | 'heel'
  | 'sandal'
  | 'loafer'
  | 'flat'
  | 'mat'
  | 'backpack'
  | 'helmet'
  | 'veil'
  | 'tiara'
  | 'bag';

export type ProductType = {
  kind: SilhouetteKind;
  /** Word groups composed in order into a name; '' leaves a group out. The last group is the noun. */
  nameParts: string[][];
  /** Material phrases for the description when the name itself names no material. */
  materials: string[];
  fits: string[];
  details: string[];
  colors: string[];
  sizes: string[];
  /** Whole dollars; seeded prices end in .99. */
  priceRange: [number, number];
};

export type LeafCategory = { name: string; url: string; types: ProductType[] };
export type TopCategory = { name: string; url: string; tagline: string; leaves: LeafCategory[] };

/** Real colour names a shopper would see, with the fill the product pictures use. */
export const PALETTE = {
  Black: '#1f1f23',
  White: '#f7f5f0',
  Ivory: '#f1e9d6',
  Cream: '#ede1c6',
  Navy: '#1f2c4c',
  Red: '#b3232f',
  Burgundy: '#6a1d30',
  'Blush Pink': '#ecbdb8',
  'Dusty Rose': '#c58d92',
  'Hot Pink': '#dc3f86',
  Coral: '#ec7d68',
  'Sage Green': '#a2b189',
  Olive: '#6e6a3b',
  'Forest Green': '#2e4b3b',
  Emerald: '#1e7a55',
  Mint: '#a9dcc4',
  Teal: '#26787a',
  Camel: '#c0955f',
  Beige: '#dac7a7',
  Tan: '#b3814f',
  Khaki: '#b5a679',
  Chocolate: '#5a3a2a',
  Rust: '#ad522b',
  Mustard: '#d0a12f',
  Grey: '#9a9ca2',
  Charcoal: '#393b41',
  'Sky Blue': '#9dc4e5',
  Cobalt: '#2a4eb5',
  'Ocean Blue': '#2d6d9c',
  Lavender: '#b7a5d8',
  Lilac: '#c6a1c6',
  Champagne: '#e5d1ad',
  Silver: '#c2c4c9',
  Gold: '#c8a14a',
  Indigo: '#2e3e66',
  'Mid Wash': '#5a7aa3',
  'Light Wash': '#8eaacb',
  'Neon Lime': '#c5e63c',
  Orange: '#e6782e',
} as const;

export type ColorName = keyof typeof PALETTE;

export const colorHex = (name: string): string => PALETTE[name as ColorName] ?? '#9a9ca2';

export const SIZES = {
  clothing: ['XS', 'S', 'M', 'L', 'XL'],
  shoes: ['36', '37', '38', '39', '40', '41', '42'],
  hobby: ['S', 'M', 'L'],
  oneSize: ['One Size'],
  bridal: ['0', '2', '4', '6', '8', '10', '12', '14', '16'],
  suit: ['36R', '38R', '40R', '42R', '44R', '46R'],
  kids: ['2Y', '4Y', '6Y', '8Y', '10Y'],
};

/** A material named in a product's name decides how its description describes it. */
export const MATERIAL_WORDS: Record<string, string> = {
  Leather: 'supple full-grain leather',
  'Faux Leather': 'soft vegan faux leather',
  Suede: 'velvety suede',
  Canvas: 'durable cotton canvas',
  Patent: 'glossy patent leather',
  Satin: 'fluid satin',
  Silk: 'washable mulberry silk',
  Linen: 'breathable pure linen',
  Denim: 'sturdy cotton denim',
  Corduroy: 'fine-wale corduroy',
  Velvet: 'plush velvet',
  Lace: 'delicate floral lace',
  Tulle: 'layers of soft tulle',
  Chiffon: 'airy chiffon',
  Cashmere: 'a soft cashmere blend',
  Wool: 'a warm wool blend',
  'Wool-Blend': 'a warm wool blend',
  Mesh: 'breathable engineered mesh',
  Cork: 'natural cork with a rubber base',
  Knit: 'stretch knit',
  Crochet: 'hand-finished crochet',
  Sequin: 'shimmering sequinned mesh',
  Pearl: 'glass pearls on a satin base',
  Crystal: 'hand-set crystals',
  Cotton: 'soft combed cotton',
  Jersey: 'stretch cotton jersey',
  Crepe: 'a fluid crepe',
};

const PATTERNS = ['Floral', 'Polka Dot', 'Striped', 'Gingham', '', '', '', ''];
const EVERYDAY_COLORS = [
  'Black',
  'White',
  'Navy',
  'Red',
  'Blush Pink',
  'Sage Green',
  'Camel',
  'Cream',
  'Olive',
  'Cobalt',
  'Mustard',
  'Lavender',
  'Burgundy',
  'Sky Blue',
  'Rust',
  'Emerald',
];
const NEUTRALS = ['Black', 'White', 'Grey', 'Charcoal', 'Navy', 'Camel', 'Beige', 'Cream', 'Olive', 'Chocolate'];
const SHOE_COLORS = ['Black', 'White', 'Tan', 'Camel', 'Beige', 'Chocolate', 'Burgundy', 'Navy', 'Silver', 'Red', 'Sage Green'];
const SPORT_COLORS = [
  'Black',
  'Charcoal',
  'Navy',
  'Sage Green',
  'Lavender',
  'Coral',
  'Teal',
  'Cobalt',
  'Neon Lime',
  'Hot Pink',
  'Sky Blue',
];
const BRIDAL_WHITES = ['White', 'Ivory', 'Champagne', 'Blush Pink'];
const BRIDESMAID_COLORS = [
  'Dusty Rose',
  'Sage Green',
  'Navy',
  'Burgundy',
  'Lavender',
  'Champagne',
  'Emerald',
  'Sky Blue',
  'Lilac',
  'Blush Pink',
];

const CLOTHING_FITS = [
  'a relaxed fit that skims rather than clings',
  'a true-to-size regular fit',
  'a slim, tailored fit',
  'an easy oversized fit',
  'a flattering fitted silhouette',
];
const SHOE_FITS = ['a true-to-size fit', 'a roomy toe box', 'a cushioned footbed for all-day comfort', 'a snug, secure heel'];

const CLOTHING: TopCategory = {
  name: 'Clothing',
  url: 'clothings',
  tagline: 'New season essentials',
  leaves: [
    {
      name: 'Dresses',
      url: 'dresses',
      types: [
        {
          kind: 'dress',
          nameParts: [
            PATTERNS,
            [
              'Wrap',
              'Slip',
              'Shirt',
              'Tiered',
              'Smocked',
              'Puff-Sleeve',
              'Halter',
              'Ruched',
              'Belted',
              'Button-Front',
              'Tie-Strap',
              'Square-Neck',
            ],
            ['', '', 'Linen', 'Satin', 'Jersey', 'Chiffon'],
            ['Mini', 'Midi', 'Maxi'],
            ['Dress'],
          ],
          materials: ['soft cotton poplin', 'crinkled viscose', 'a lightweight crepe', 'stretch jersey'],
          fits: CLOTHING_FITS,
          details: [
            'A self-tie waist lets you adjust the shape.',
            'It has an invisible side zip and a fully lined skirt.',
            'Hidden side-seam pockets make it as practical as it is pretty.',
            'Adjustable straps and a smocked back panel give a comfortable fit.',
          ],
          colors: EVERYDAY_COLORS,
          sizes: SIZES.clothing,
          priceRange: [39, 129],
        },
      ],
    },
    {
      name: 'Tops',
      url: 'tops',
      types: [
        {
          kind: 'top',
          nameParts: [
            ['Striped', 'Floral', '', '', '', ''],
            ['Boxy', 'Cropped', 'Relaxed', 'Fitted', 'Oversized', 'Puff-Sleeve', 'Ruffle', 'Boat-Neck'],
            ['', 'Linen', 'Cotton', 'Silk'],
            ['T-Shirt', 'Tee', 'Blouse', 'Shirt'],
          ],
          materials: ['organic cotton jersey', 'a soft modal blend', 'cotton poplin'],
          fits: CLOTHING_FITS,
          details: [
            'The dropped shoulders and a curved hem make it easy to tuck or wear loose.',
            'Finished with neat ribbed binding at the neckline.',
            'Mother-of-pearl buttons and a gently gathered yoke add polish.',
          ],
          colors: EVERYDAY_COLORS,
          sizes: SIZES.clothing,
          priceRange: [19, 59],
        },
        {
          kind: 'tank',
          nameParts: [
            ['', 'Ribbed', 'Lace-Trim', 'Racer-Back', 'Square-Neck'],
            ['', 'Satin', 'Linen'],
            ['Cami Top', 'Tank Top', 'Vest Top'],
          ],
          materials: ['ribbed cotton', 'a stretch jersey', 'a silky crepe'],
          fits: CLOTHING_FITS,
          details: [
            'Thin adjustable straps let you set the perfect length.',
            'A great layering piece under blazers and cardigans.',
          ],
          colors: EVERYDAY_COLORS,
          sizes: SIZES.clothing,
          priceRange: [15, 39],
        },
      ],
    },
    {
      name: 'Jeans',
      url: 'jeans',
      types: [
        {
          kind: 'trousers',
          nameParts: [
            ['High-Rise', 'Mid-Rise', 'Low-Rise', ''],
            ['Skinny', 'Straight-Leg', 'Wide-Leg', 'Mom', 'Bootcut', 'Slim', 'Barrel', 'Flared', 'Boyfriend'],
            ['', '', 'Stretch', 'Ripped', 'Vintage'],
            ['Jeans'],
          ],
          materials: ['rigid cotton denim', 'comfort-stretch denim', 'organic cotton denim'],
          fits: [
            'a flattering high waist',
            'a true-to-size fit with a little stretch',
            'a relaxed fit through the hip and thigh',
          ],
          details: [
            'Classic five-pocket styling with a zip fly.',
            'The raw hem can be worn long or cuffed.',
            'Garment-washed for a soft, lived-in feel from day one.',
          ],
          colors: ['Indigo', 'Mid Wash', 'Light Wash', 'Black', 'White'],
          sizes: SIZES.clothing,
          priceRange: [49, 119],
        },
      ],
    },
    {
      name: 'Jackets',
      url: 'jackets',
      types: [
        {
          kind: 'jacket',
          nameParts: [
            ['Cropped', 'Oversized', 'Classic', 'Tailored', 'Boxy', 'Quilted', 'Relaxed'],
            ['', 'Denim', 'Faux Leather', 'Corduroy', 'Linen', 'Suede'],
            ['Blazer', 'Bomber Jacket', 'Trucker Jacket', 'Biker Jacket', 'Shacket'],
          ],
          materials: ['a structured cotton twill', 'a midweight wool blend', 'soft brushed twill'],
          fits: CLOTHING_FITS,
          details: [
            'Two flap pockets and a fully lined body keep it sharp.',
            'Wear it open over a dress or buttoned up with jeans.',
            'Finished with tonal buttons and a back vent.',
          ],
          colors: NEUTRALS.concat(['Rust', 'Sage Green', 'Burgundy']),
          sizes: SIZES.clothing,
          priceRange: [69, 199],
        },
      ],
    },
    {
      name: 'Skirts',
      url: 'skirts',
      types: [
        {
          kind: 'skirt',
          nameParts: [
            PATTERNS,
            ['Pleated', 'A-Line', 'Bias-Cut', 'Wrap', 'Tiered', 'Pencil', 'Button-Front', 'Asymmetric'],
            ['', 'Satin', 'Denim', 'Linen', 'Corduroy'],
            ['Mini', 'Midi', 'Maxi'],
            ['Skirt'],
          ],
          materials: ['a fluid crepe', 'cotton twill', 'a soft viscose'],
          fits: ['a high waist that sits comfortably', 'a flattering A-line fit', 'a true-to-size fit with an elasticated back'],
          details: [
            'A concealed side zip keeps the line clean.',
            'It moves beautifully when you walk.',
            'Pair it with a tucked tee or a fitted knit.',
          ],
          colors: EVERYDAY_COLORS,
          sizes: SIZES.clothing,
          priceRange: [29, 89],
        },
      ],
    },
    {
      name: 'Knitwear',
      url: 'knitwear',
      types: [
        {
          kind: 'sweater',
          nameParts: [
            ['Cable-Knit', 'Ribbed', 'Chunky', 'Fine-Knit', 'Striped', 'Fluffy', 'Waffle-Knit'],
            ['', 'Cashmere', 'Wool', 'Cotton'],
            ['Jumper', 'Sweater', 'Cardigan', 'Turtleneck', 'Crew-Neck Sweater', 'V-Neck Jumper'],
          ],
          materials: ['a soft merino blend', 'a cosy wool-mix yarn', 'breathable cotton yarn'],
          fits: CLOTHING_FITS,
          details: [
            'Ribbed cuffs and hem hold their shape wash after wash.',
            'Dropped shoulders give it a relaxed drape.',
            'Layer it over shirts now and dresses later.',
          ],
          colors: NEUTRALS.concat(['Blush Pink', 'Sage Green', 'Mustard', 'Burgundy', 'Lavender']),
          sizes: SIZES.clothing,
          priceRange: [39, 129],
        },
      ],
    },
    {
      name: 'Coats',
      url: 'coats',
      types: [
        {
          kind: 'coat',
          nameParts: [
            ['Double-Breasted', 'Belted', 'Longline', 'Single-Breasted', 'Oversized', 'Hooded', 'Wrap'],
            ['', 'Wool-Blend', 'Teddy', 'Quilted'],
            ['Coat', 'Trench Coat', 'Overcoat', 'Parka', 'Car Coat'],
          ],
          materials: ['a dense wool blend', 'water-repellent cotton gabardine', 'a brushed felt'],
          fits: CLOTHING_FITS,
          details: [
            'A notch collar, deep welt pockets and a full satin lining.',
            'The belt can be tied at the waist or left loose.',
            'Roomy enough to layer over chunky knits.',
          ],
          colors: NEUTRALS.concat(['Rust', 'Forest Green', 'Burgundy']),
          sizes: SIZES.clothing,
          priceRange: [99, 199],
        },
      ],
    },
  ],
};

const SHOES: TopCategory = {
  name: 'Shoes',
  url: 'shoes',
  tagline: 'Step into the season',
  leaves: [
    {
      name: 'Sneakers',
      url: 'sneakers',
      types: [
        {
          kind: 'sneaker',
          nameParts: [
            ['Retro', 'Chunky', 'Platform', 'Minimal', 'Court', 'Classic', 'Lightweight', 'Low-Top'],
            ['', 'Leather', 'Canvas', 'Suede', 'Knit'],
            ['Sneakers', 'Trainers'],
          ],
          materials: ['soft leather with suede overlays', 'recycled knit', 'cotton canvas'],
          fits: SHOE_FITS,
          details: ['A padded collar and a grippy rubber outsole.', 'Removable insoles make room for your own orthotics.'],
          colors: SHOE_COLORS,
          sizes: SIZES.shoes,
          priceRange: [59, 149],
        },
      ],
    },
    {
      name: 'Boots',
      url: 'boots',
      types: [
        {
          kind: 'boot',
          nameParts: [
            ['Chunky', 'Classic', 'Lug-Sole', 'Block-Heel', 'Pointed', 'Slouchy', 'Western'],
            ['', 'Leather', 'Suede', 'Patent'],
            ['Chelsea Boots', 'Ankle Boots', 'Knee-High Boots', 'Combat Boots', 'Lace-Up Boots'],
          ],
          materials: ['supple leather', 'water-resistant suede'],
          fits: SHOE_FITS,
          details: [
            'A side zip makes them easy to pull on.',
            'The chunky rubber sole grips on wet pavements.',
            'A stacked heel adds height without wobble.',
          ],
          colors: SHOE_COLORS,
          sizes: SIZES.shoes,
          priceRange: [89, 199],
        },
      ],
    },
    {
      name: 'Heels',
      url: 'heels',
      types: [
        {
          kind: 'heel',
          nameParts: [
            ['Pointed', 'Almond-Toe', 'Slingback', 'Ankle-Strap', 'Kitten-Heel', 'Square-Toe', 'Classic'],
            ['', 'Patent', 'Satin', 'Suede', 'Leather'],
            ['Pumps', 'Heels', 'Court Shoes', 'Stilettos'],
          ],
          materials: ['soft leather', 'glossy patent leather', 'fine suede'],
          fits: ['a true-to-size fit', 'a padded footbed that makes long evenings easier', 'a snug heel cup'],
          details: ['The 3.5 inch heel is elegant but walkable.', 'A slim buckle strap keeps them secure.'],
          colors: SHOE_COLORS.concat(['Blush Pink', 'Gold']),
          sizes: SIZES.shoes,
          priceRange: [59, 159],
        },
      ],
    },
    {
      name: 'Sandals',
      url: 'sandals',
      types: [
        {
          kind: 'sandal',
          nameParts: [
            ['Strappy', 'Flat', 'Braided', 'Platform', 'Cross-Strap', 'Buckle', 'Slide', 'Gladiator'],
            ['', 'Leather', 'Suede', 'Cork'],
            ['Sandals', 'Slides', 'Wedge Sandals'],
          ],
          materials: ['soft leather straps on a cushioned sole', 'vegan leather'],
          fits: SHOE_FITS,
          details: ['A contoured footbed supports your arches.', 'Adjustable buckles at the ankle.'],
          colors: SHOE_COLORS.concat(['Gold', 'Coral']),
          sizes: SIZES.shoes,
          priceRange: [29, 99],
        },
      ],
    },
    {
      name: 'Loafers',
      url: 'loafers',
      types: [
        {
          kind: 'loafer',
          nameParts: [
            ['Penny', 'Chunky', 'Horsebit', 'Tassel', 'Classic', 'Lug-Sole', 'Soft'],
            ['', 'Leather', 'Suede', 'Patent'],
            ['Loafers', 'Moccasins', 'Driving Shoes'],
          ],
          materials: ['polished leather', 'soft suede'],
          fits: SHOE_FITS,
          details: ['Hand-stitched apron toe and a leather lining.', 'A low stacked heel and a flexible sole.'],
          colors: SHOE_COLORS,
          sizes: SIZES.shoes,
          priceRange: [69, 149],
        },
      ],
    },
    {
      name: 'Flats',
      url: 'flats',
      types: [
        {
          kind: 'flat',
          nameParts: [
            ['Bow', 'Pointed', 'Square-Toe', 'Mary Jane', 'Classic', 'Foldable', 'Quilted'],
            ['', 'Leather', 'Satin', 'Suede', 'Patent'],
            ['Ballet Flats', 'Flats', 'Mary Janes'],
          ],
          materials: ['butter-soft leather', 'satin with a leather lining'],
          fits: SHOE_FITS,
          details: ['A flexible sole folds into any bag.', 'An elasticated topline keeps them on.'],
          colors: SHOE_COLORS.concat(['Blush Pink', 'Lavender']),
          sizes: SIZES.shoes,
          priceRange: [39, 99],
        },
      ],
    },
  ],
};

const ACTIVE_FITS = ['a second-skin compressive fit', 'a supportive, true-to-size fit', 'a relaxed fit for free movement'];
const ACTIVE_DETAILS = [
  'Sweat-wicking fabric dries fast between sessions.',
  'Flat seams stop chafing on long sessions.',
  'Reflective details keep you visible after dark.',
  'A hidden pocket holds your key or a card.',
];

const HOBBIES: TopCategory = {
  name: 'Hobbies',
  url: 'hobbies',
  tagline: 'Gear up for what you love',
  leaves: [
    {
      name: 'Yoga',
      url: 'yoga',
      types: [
        {
          kind: 'leggings',
          nameParts: [
            ['High-Waisted', 'Seamless', 'Ribbed', 'Pocket', 'Sculpt', 'Cross-Waist'],
            ['Yoga Leggings', 'Leggings', '7/8 Leggings'],
          ],
          materials: ['buttery-soft recycled nylon', 'a brushed stretch fabric'],
          fits: ACTIVE_FITS,
          details: ACTIVE_DETAILS,
          colors: SPORT_COLORS,
          sizes: SIZES.hobby,
          priceRange: [39, 89],
        },
        {
          kind: 'tank',
          nameParts: [
            ['Longline', 'Strappy', 'Seamless', 'Ribbed', 'Cross-Back'],
            ['Sports Bra', 'Yoga Bra', 'Yoga Tank'],
          ],
          materials: ['a soft stretch fabric', 'recycled polyamide'],
          fits: ACTIVE_FITS,
          details: ['Removable pads let you choose your coverage.', 'Light support for yoga and pilates.'],
          colors: SPORT_COLORS,
          sizes: SIZES.hobby,
          priceRange: [25, 59],
        },
        {
          kind: 'mat',
          nameParts: [['Non-Slip', 'Extra-Thick', 'Travel', 'Eco', 'Alignment'], ['', 'Cork'], ['Yoga Mat']],
          materials: ['natural rubber', 'eco TPE foam'],
          fits: ['a generous 72 x 26 inch size', 'a 6 mm cushion that protects your knees'],
          details: ['A textured surface grips even in hot yoga.', 'Comes with a carry strap.'],
          colors: SPORT_COLORS,
          sizes: SIZES.oneSize,
          priceRange: [29, 79],
        },
      ],
    },
    {
      name: 'Running',
      url: 'running',
      types: [
        {
          kind: 'sneaker',
          nameParts: [
            ['Cushioned', 'Lightweight', 'Trail', 'Racing', 'Stability', 'Everyday'],
            ['', 'Mesh'],
            ['Running Shoes', 'Runners'],
          ],
          materials: ['breathable engineered mesh', 'a recycled knit upper'],
          fits: ['a true-to-size fit', 'a roomy toe box for long runs'],
          details: ['A responsive foam midsole returns energy with every stride.', 'The grippy outsole handles wet roads.'],
          colors: SPORT_COLORS,
          sizes: SIZES.shoes,
          priceRange: [79, 169],
        },
        {
          kind: 'top',
          nameParts: [
            ['Breathable', 'Quick-Dry', 'Seamless', 'Lightweight'],
            ['Running Tee', 'Training Top', 'Long-Sleeve Running Top'],
          ],
          materials: ['a technical mesh', 'recycled polyester'],
          fits: ACTIVE_FITS,
          details: ACTIVE_DETAILS,
          colors: SPORT_COLORS,
          sizes: SIZES.hobby,
          priceRange: [25, 59],
        },
        {
          kind: 'shorts',
          nameParts: [['2-in-1', 'Split-Hem', 'Lightweight', 'Pocket'], ['Running Shorts']],
          materials: ['a featherlight woven fabric', 'quick-dry polyester'],
          fits: ACTIVE_FITS,
          details: ACTIVE_DETAILS,
          colors: SPORT_COLORS,
          sizes: SIZES.hobby,
          priceRange: [25, 55],
        },
      ],
    },
    {
      name: 'Cycling',
      url: 'cycling',
      types: [
        {
          kind: 'top',
          nameParts: [
            ['Aero', 'Classic', 'Thermal', 'Lightweight', 'Striped'],
            ['Cycling Jersey', 'Bike Jersey'],
          ],
          materials: ['a breathable performance knit', 'brushed thermal fabric'],
          fits: ACTIVE_FITS,
          details: ['Three rear pockets carry snacks and a phone.', 'A full-length zip lets you vent on climbs.'],
          colors: SPORT_COLORS,
          sizes: SIZES.hobby,
          priceRange: [49, 119],
        },
        {
          kind: 'shorts',
          nameParts: [
            ['Padded', 'Endurance', 'Classic', 'Thermal'],
            ['Bib Shorts', 'Cycling Shorts'],
          ],
          materials: ['a compressive Lycra blend', 'a soft four-way stretch fabric'],
          fits: ACTIVE_FITS,
          details: ['A multi-density chamois keeps you comfortable for hours.', 'Silicone leg grippers stop them riding up.'],
          colors: SPORT_COLORS,
          sizes: SIZES.hobby,
          priceRange: [49, 129],
        },
        {
          kind: 'helmet',
          nameParts: [
            ['Road', 'Commuter', 'Aero', 'Ventilated', 'Lightweight'],
            ['Cycling Helmet', 'Bike Helmet'],
          ],
          materials: ['an in-moulded EPS shell'],
          fits: ['a dial-adjust fit system', 'a snug, adjustable fit'],
          details: ['Eighteen vents keep your head cool.', 'A magnetic buckle you can close with gloves on.'],
          colors: SPORT_COLORS.concat(['White']),
          sizes: SIZES.hobby,
          priceRange: [59, 179],
        },
      ],
    },
    {
      name: 'Hiking',
      url: 'hiking',
      types: [
        {
          kind: 'backpack',
          nameParts: [
            ['20L', '28L', '35L', 'Ultralight', 'Roll-Top'],
            ['Daypack', 'Hiking Backpack', 'Trekking Pack'],
          ],
          materials: ['ripstop recycled nylon', 'a water-resistant coated canvas'],
          fits: ['a ventilated back panel and padded hip belt', 'adjustable, padded shoulder straps'],
          details: ['A hydration sleeve and side bottle pockets.', 'A zipped lid pocket keeps small things handy.'],
          colors: ['Forest Green', 'Black', 'Rust', 'Navy', 'Olive', 'Mustard', 'Teal', 'Grey'],
          sizes: SIZES.oneSize,
          priceRange: [49, 159],
        },
        {
          kind: 'boot',
          nameParts: [
            ['Waterproof', 'Lightweight', 'Mid-Cut', 'All-Terrain'],
            ['', 'Suede', 'Leather'],
            ['Hiking Boots', 'Walking Boots'],
          ],
          materials: ['waterproof nubuck', 'suede with a breathable mesh lining'],
          fits: SHOE_FITS,
          details: ['A deep-lug outsole bites into mud and scree.', 'A padded ankle collar supports on rough ground.'],
          colors: ['Chocolate', 'Tan', 'Olive', 'Charcoal', 'Black', 'Rust'],
          sizes: SIZES.shoes,
          priceRange: [99, 199],
        },
        {
          kind: 'jacket',
          nameParts: [
            ['Packable', 'Waterproof', 'Insulated', 'Windproof'],
            ['Rain Jacket', 'Shell Jacket', 'Softshell Jacket', 'Fleece Jacket'],
          ],
          materials: ['a 2.5-layer waterproof membrane', 'a stretchy softshell'],
          fits: ['a regular fit with room for layers', 'an athletic fit'],
          details: ['An adjustable hood and taped seams.', 'Pit zips let heat out on the climbs.'],
          colors: ['Forest Green', 'Black', 'Rust', 'Navy', 'Mustard', 'Teal', 'Cobalt', 'Red'],
          sizes: SIZES.hobby,
          priceRange: [69, 199],
        },
      ],
    },
    {
      name: 'Swimwear',
      url: 'swimwear',
      types: [
        {
          kind: 'swimsuit',
          nameParts: [
            ['Floral', 'Striped', '', '', ''],
            ['Ruched', 'Cut-Out', 'Scoop-Back', 'Belted', 'High-Leg', 'Square-Neck'],
            ['Swimsuit', 'One-Piece'],
          ],
          materials: ['chlorine-resistant recycled nylon', 'a textured crinkle stretch'],
          fits: ['a sculpting, supportive fit', 'a true-to-size fit'],
          details: ['Fully lined with removable cups.', 'UPF 50+ fabric protects your skin.'],
          colors: EVERYDAY_COLORS.concat(['Coral', 'Teal', 'Ocean Blue']),
          sizes: SIZES.hobby,
          priceRange: [35, 89],
        },
        {
          kind: 'shorts',
          nameParts: [
            ['Striped', 'Floral', '', ''],
            ['Quick-Dry', 'Classic', 'Retro'],
            ['Swim Shorts', 'Board Shorts'],
          ],
          materials: ['quick-dry recycled polyester'],
          fits: ['a regular fit with an elasticated drawstring waist'],
          details: ['A mesh lining and a zipped back pocket.', 'Dries in minutes in the sun.'],
          colors: ['Navy', 'Ocean Blue', 'Coral', 'Teal', 'Sage Green', 'Mustard', 'Black', 'Sky Blue'],
          sizes: SIZES.hobby,
          priceRange: [25, 59],
        },
      ],
    },
    {
      name: 'Dance',
      url: 'dance',
      types: [
        {
          kind: 'swimsuit',
          nameParts: [
            ['Camisole', 'Long-Sleeve', 'Lace-Back', 'Classic', 'Mesh-Panel'],
            ['Leotard', 'Dance Leotard'],
          ],
          materials: ['a matte stretch cotton', 'a four-way stretch Lycra'],
          fits: ['a supportive second-skin fit', 'a true-to-size fit'],
          details: ['Fully lined front for a smooth line.', 'Made for ballet, jazz and contemporary classes.'],
          colors: ['Black', 'Burgundy', 'Navy', 'Lavender', 'Blush Pink', 'Teal', 'Emerald', 'Sky Blue'],
          sizes: SIZES.hobby,
          priceRange: [25, 69],
        },
        {
          kind: 'skirt',
          nameParts: [
            ['Chiffon', 'Tulle', 'Wrap', 'Circle'],
            ['Dance Skirt', 'Tutu Skirt', 'Practice Skirt'],
          ],
          materials: ['floaty georgette', 'soft layered tulle'],
          fits: ['a tie waist you can adjust', 'an elasticated waist'],
          details: ['It swirls beautifully in turns.', 'Sheer and light enough to layer over a leotard.'],
          colors: ['Black', 'Blush Pink', 'Lavender', 'Sky Blue', 'White', 'Burgundy'],
          sizes: SIZES.hobby,
          priceRange: [19, 49],
        },
        {
          kind: 'flat',
          nameParts: [
            ['Split-Sole', 'Full-Sole', 'Canvas', 'Leather'],
            ['Ballet Slippers', 'Jazz Shoes', 'Dance Flats'],
          ],
          materials: ['soft leather with a suede sole', 'stretch canvas'],
          fits: ['a snug, glove-like fit', 'a true-to-size fit'],
          details: ['Pre-sewn elastics, ready to wear.', 'A split sole lets you point fully.'],
          colors: ['Blush Pink', 'Black', 'Tan', 'White', 'Beige'],
          sizes: SIZES.shoes,
          priceRange: [19, 59],
        },
      ],
    },
  ],
};

const WEDDING: TopCategory = {
  name: 'Wedding',
  url: 'wedding',
  tagline: 'Your day, beautifully',
  leaves: [
    {
      name: 'Wedding Dresses',
      url: 'wedding-dresses',
      types: [
        {
          kind: 'gown',
          nameParts: [
            ['Sweetheart', 'Off-Shoulder', 'Strapless', 'V-Neck', 'Sleeveless', 'Boat-Neck', 'Illusion-Sleeve'],
            ['Lace', 'Satin', 'Tulle', 'Chiffon', 'Crepe', 'Sequin'],
            ['A-Line', 'Princess', 'Mermaid', 'Sheath', 'Empire'],
            ['Wedding Dress', 'Bridal Gown'],
          ],
          materials: ['fine satin', 'soft tulle over satin'],
          fits: ['a fitted, boned bodice', 'a flattering corset back you can adjust', 'a true-to-size fit with built-in cups'],
          details: [
            'A chapel train sweeps behind you.',
            'Covered buttons run all the way down the back.',
            'Free hemming is included with every order.',
          ],
          colors: BRIDAL_WHITES,
          sizes: SIZES.bridal,
          priceRange: [129, 199],
        },
      ],
    },
    {
      name: 'Bridesmaid Dresses',
      url: 'bridesmaid-dresses',
      types: [
        {
          kind: 'dress',
          nameParts: [
            ['One-Shoulder', 'Cowl-Neck', 'V-Neck', 'Halter', 'Off-Shoulder', 'Twist-Front', 'Square-Neck'],
            ['Chiffon', 'Satin', 'Crepe', 'Velvet'],
            ['Midi', 'Maxi', 'Maxi'],
            ['Bridesmaid Dress'],
          ],
          materials: ['soft chiffon', 'a fluid satin'],
          fits: ['a flattering fitted bodice', 'a true-to-size fit with an adjustable back'],
          details: [
            'A thigh split adds movement on the dance floor.',
            'Fully lined; mix and match the colours across your party.',
          ],
          colors: BRIDESMAID_COLORS,
          sizes: SIZES.bridal,
          priceRange: [69, 159],
        },
      ],
    },
    {
      name: 'Veils',
      url: 'veils',
      types: [
        {
          kind: 'veil',
          nameParts: [
            ['Cathedral', 'Chapel', 'Fingertip', 'Elbow', 'Blusher', 'Two-Tier'],
            ['', 'Lace-Edge', 'Pearl', 'Crystal', 'Raw-Edge'],
            ['Veil'],
          ],
          materials: ['soft bridal tulle', 'fine English net'],
          fits: ['a metal comb that holds securely all day'],
          details: ['The edge is finished by hand.', 'Folds flat for travel without creasing.'],
          colors: ['White', 'Ivory', 'Champagne', 'Blush Pink'],
          sizes: SIZES.oneSize,
          priceRange: [39, 149],
        },
      ],
    },
    {
      name: 'Suits',
      url: 'suits',
      types: [
        {
          kind: 'suit',
          nameParts: [
            ['Slim-Fit', 'Classic', 'Tailored', 'Double-Breasted', 'Three-Piece', 'Peak-Lapel'],
            ['', 'Wool', 'Linen', 'Velvet'],
            ['Suit', 'Tuxedo', 'Wedding Suit'],
          ],
          materials: ['a fine Italian wool blend', 'breathable linen', 'a soft stretch wool'],
          fits: ['a modern slim fit', 'a tailored fit with room through the chest'],
          details: ['Jacket and trousers, with a half-canvassed front.', 'Trousers come unhemmed for a perfect length.'],
          colors: ['Navy', 'Charcoal', 'Black', 'Grey', 'Burgundy', 'Sage Green', 'Beige'],
          sizes: SIZES.suit,
          priceRange: [129, 199],
        },
      ],
    },
    {
      name: 'Flower Girl',
      url: 'flower-girl',
      types: [
        {
          kind: 'dress',
          nameParts: [
            ['Tutu', 'Lace', 'Bow-Back', 'Puff-Sleeve', 'Tiered', 'Sequin'],
            ['Tulle', 'Satin', ''],
            ['Flower Girl Dress', 'Party Dress'],
          ],
          materials: ['soft tulle over a cotton lining', 'satin with a tulle skirt'],
          fits: ['a comfortable fit with a tie-back sash', 'a roomy fit with an elasticated back'],
          details: ['No scratchy seams, so it stays on all day.', 'Machine washable on a gentle cycle.'],
          colors: ['White', 'Ivory', 'Blush Pink', 'Champagne', 'Lavender', 'Sage Green'],
          sizes: SIZES.kids,
          priceRange: [29, 79],
        },
      ],
    },
    {
      name: 'Accessories',
      url: 'wedding-accessories',
      types: [
        {
          kind: 'bag',
          nameParts: [
            ['Pearl', 'Satin', 'Beaded', 'Crystal', 'Bow', 'Pleated'],
            ['Clutch Bag', 'Evening Bag', 'Bridal Clutch'],
          ],
          materials: ['satin with a gold-tone frame', 'beaded silk'],
          fits: ['a detachable chain strap'],
          details: ['Fits a phone, lipstick and cards.', 'A magnetic clasp closes it securely.'],
          colors: ['Ivory', 'White', 'Champagne', 'Silver', 'Gold', 'Blush Pink', 'Black'],
          sizes: SIZES.oneSize,
          priceRange: [29, 99],
        },
        {
          kind: 'tiara',
          nameParts: [
            ['Crystal', 'Pearl', 'Vintage', 'Floral', 'Delicate'],
            ['Tiara', 'Headband', 'Hair Vine'],
          ],
          materials: ['hand-set crystals on a plated band', 'freshwater-look pearls'],
          fits: ['a flexible band that sits comfortably'],
          details: ['Small loops at each end hold it with hair pins.', 'It arrives in a keepsake box.'],
          colors: ['Silver', 'Gold', 'Champagne'],
          sizes: SIZES.oneSize,
          priceRange: [25, 89],
        },
      ],
    },
    {
      name: 'Bridal Shoes',
      url: 'bridal-shoes',
      types: [
        {
          kind: 'heel',
          nameParts: [
            ['Pearl', 'Bow', 'Crystal', 'Lace', 'Slingback', 'Peep-Toe'],
            ['Satin', 'Lace', ''],
            ['Bridal Heels', 'Wedding Pumps', 'Bridal Sandals'],
          ],
          materials: ['ivory satin', 'lace over satin'],
          fits: ['a cushioned footbed for dancing all night', 'a true-to-size fit'],
          details: ['A low block heel option for garden ceremonies.', 'The sole is lightly textured so you will not slip.'],
          colors: ['Ivory', 'White', 'Champagne', 'Silver', 'Gold', 'Blush Pink'],
          sizes: SIZES.shoes,
          priceRange: [59, 149],
        },
      ],
    },
  ],
};

/** Spec 2: the four top categories, each with its home page /home/{url}.html. */
export const CATALOG_TREE: TopCategory[] = [CLOTHING, SHOES, HOBBIES, WEDDING];
