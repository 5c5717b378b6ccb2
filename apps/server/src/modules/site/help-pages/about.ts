import { SHOP_NAME } from '@shop/contracts';
import { CHAT_HOURS, contactLink, EMAIL } from './contact';

/** The pages about the shop: who we are, our story, tailor-made and custom work, wholesale, the blog. */

export const aboutUs = `${SHOP_NAME} is an online fashion store from **Sacramento, California**. We bring together clothing,
shoes, gear for the things you love doing, and everything for your wedding day — chosen for quality,
fit and value.

## What we offer

- **Clothing:** dresses, tops, jeans, jackets, skirts, knitwear and coats for every season.
- **Shoes:** sneakers, boots, heels, sandals, loafers and flats.
- **Hobbies:** yoga, running, cycling, hiking, swimwear and dance — clothes that move with you.
- **Wedding:** wedding and bridesmaid dresses, veils, suits and outfits for the smallest guests.

## How we work

- **Fit first.** Every product page lists the sizes in stock and how the piece fits, and our team
  will check measurements for you in the chat.
- **Fair prices.** Our discounts are real: the original price is always shown next to the sale
  price.
- **Made for you.** Through our [tailor-made project](/help/projectTailorMade) and
  [custom orders](/help/custom), we make pieces to your measurements and your wishes.
- **People who answer.** Our support team is online ${CHAT_HOURS}.

## Find out more

Read [our brand story](/help/brandStory), browse [the blog](/help/blog), or
[get in touch](${contactLink('contact_us', 'Contact us')}). Retailers can ask about
[wholesale](/help/wholesale).
`;

export const brandStory = `${SHOP_NAME} began with a simple frustration: beautiful clothes that did not fit, and clothes that fit
but did not last.

## From a studio in Sacramento

We started as a small alterations and dressmaking studio in Sacramento, California. Day after day
we saw the same thing: people loved a piece, but had to change it before it felt like theirs.
Hems, waists, sleeves — the same adjustments, again and again. So we began designing our own
pieces with those lessons built in.

## What the name means

${SHOP_NAME} comes from *aurum*, gold — the thread that runs through a well-made garment. It stands
for the small things that make clothes special: a lining that does not twist, a seam that is
finished properly, a color that survives the wash.

## What we believe

- **Fit is not a luxury.** Our size guides come from real measurements, and our
  [tailor-made project](/help/projectTailorMade) makes garments to yours.
- **Buy less, wear more.** We choose fabrics that last and tell you how to care for them.
- **Celebrate the big days.** Our wedding collection grew from the dresses we altered for brides
  and bridesmaids in the studio — we know how much those days matter.
- **Be there.** The team that helped customers in the studio now answers the chat on our site.

## Today

${SHOP_NAME} ships clothing, shoes, hobby wear and wedding fashion to customers across the US and
beyond, from the same city where it started. Thank you for being part of the story.
`;

export const projectTailorMade = `Our tailor-made project makes garments to your own measurements: a dress that fits at the waist
*and* the shoulders, trousers with the right length, a suit that moves with you.

## What we can make

- Wedding and bridesmaid dresses
- Suits and jackets
- Evening and occasion dresses
- Coats, skirts and trousers

Start from a design in our shop, or send us pictures of what you have in mind.

## How it works

1. **Tell us what you want.** Message us in the chat or e-mail **${EMAIL}** with the subject
   "Tailor-made". Include the design, the color and the date you need it for.
2. **Get your quote.** Within two business days we send a price, fabric options and a
   making time.
3. **Measure.** We send a measuring guide with pictures; it takes about 15 minutes with a friend
   and a soft tape. A video call with our tailor is available if you would like help.
4. **We make it.** Most pieces take **3 to 5 weeks**; wedding dresses **6 to 8 weeks**. We send
   progress updates along the way.
5. **Fit and final touches.** If something is not right, tell us within 30 days of delivery and we
   adjust it at no charge, when the garment was made to the measurements you gave us.

## Good to know

- A **50% deposit** confirms the order; the rest is paid before shipping.
- Order at least **10 weeks** before an important date to leave time for adjustments.
- Tailor-made pieces cannot be returned for a change of mind, but they are covered if they arrive
  faulty or differ from what was agreed.
`;

export const custom = `Want a piece in a color we do not stock, your initials on a jacket, or matching outfits for a
group? Our custom service makes it happen.

## What we can customize

- **Colors and fabrics:** many of our designs can be made in other colors and fabrics.
- **Monograms and embroidery:** initials, names or dates on jackets, robes, bags and veils.
- **Details:** sleeve length, neckline, lining, pockets.
- **Group orders:** matching bridesmaid dresses, groomsmen's suits, dance teams and sports clubs.

## How to order

1. Send us your idea in the chat or at **${EMAIL}** with the subject "Custom order": the product
   link, what you would like changed, the quantity and your date.
2. We reply within two business days with a price, a making time and, for embroidery, a preview.
3. Once you approve, we make your order and keep you updated.

## Prices and timing

- Simple changes such as a monogram usually add **$15 to $40** per piece.
- Group orders of **6 pieces or more** get a group discount — ask for a quote.
- Custom pieces typically take **2 to 4 weeks** to make, plus delivery.

## Returns

Custom pieces are made just for you, so they cannot be returned for a change of mind. If a piece
arrives faulty or differs from what we agreed, we fix it, replace it or refund it.

Larger measurements-based changes belong to our [tailor-made project](/help/projectTailorMade).
`;

export const wholesale = `Bring ${SHOP_NAME} to your customers. We supply boutiques, bridal shops, studios and online
retailers across the US and abroad.

## Why stock ${SHOP_NAME}

- Clothing, shoes, hobby wear and wedding collections from one supplier.
- Styles tested with our own customers, with clear size guides.
- Marketing pictures and product texts you may use in your shop.

## Terms

- **Minimum first order:** $1,000 at wholesale prices, with at least 3 pieces per style.
- **Reorders:** from $500, any quantity per style.
- **Pricing:** wholesale prices are typically 45–50% below our retail prices, with better rates
  for larger orders.
- **Samples:** available at wholesale price, credited against your first order.
- **Lead time:** in-stock styles ship within 5 business days; made-to-order styles in 3 to 6 weeks.
- **Payment:** by card or bank transfer before shipping; net-30 terms after three orders.

## How to apply

E-mail **${EMAIL}** with the subject "Wholesale" and tell us:

1. Your business name, address and tax ID or reseller certificate.
2. Your website or shop pictures.
3. The categories you are interested in.

We reply within three business days with our line sheet and price list.
`;

export const blog = `Fit guides, styling ideas and care tips from the ${SHOP_NAME} team.

## How to find your dress size without a fitting room

Measure yourself in light clothing with a soft tape measure:

- **Bust:** around the fullest part, tape level across the back.
- **Waist:** around the narrowest part, usually just above the belly button.
- **Hips:** around the fullest part, feet together.

Compare the three numbers with the size guide on the product page. If they point to different
sizes, choose by the part that matters most for the style: the bust for fitted tops and bodices,
the hips for pencil skirts, the waist for A-line dresses. When in doubt, ask us in the chat —
we can measure the garment itself.

## Five ways to wear a linen shirt

1. **Open over a tank** with shorts for a summer weekend.
2. **Tucked into wide trousers** with loafers for the office.
3. **Knotted at the waist** over a midi skirt.
4. **As a light jacket** over a slip dress when the evening cools down.
5. **Sleeves rolled, half-tucked** into jeans — the classic.

Linen creases; that is part of its charm. Hang it while still damp and most creases disappear.

## Caring for suede and leather shoes

- Spray new suede and leather with a protector before the first wear, and again every few months.
- Let wet shoes dry at room temperature, stuffed with paper — never on a radiator.
- Brush suede with a suede brush to lift the nap; a suede eraser takes out most marks.
- Clean smooth leather with a damp cloth and feed it with cream two or three times a year.
- Use shoe trees or paper to keep the shape between wears.

## Choosing a wedding veil length

- **Shoulder and elbow length:** playful, easy to dance in, lovely with detailed dress backs.
- **Fingertip:** the most popular; it flatters almost every dress.
- **Chapel:** just touches the floor; a soft, romantic line for ceremonies.
- **Cathedral:** sweeps behind you; made for long aisles and big photos.

Hold the veil up to your dress in a photo before deciding — what looks dramatic in the mirror
often looks just right in pictures.

## Packing for a hiking weekend

- **Layers beat bulk:** a breathable base layer, a warm mid layer and a waterproof shell.
- **Feet first:** hiking boots that are already broken in, plus wool socks and a spare pair.
- **Small extras:** a cap, sunscreen, a light pair of gloves and a reusable water bottle.

Pack the heaviest items close to your back in the middle of the backpack, and you will feel the
difference by the first hill.
`;
