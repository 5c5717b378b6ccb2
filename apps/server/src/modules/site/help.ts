import { SHOP_NAME } from '@shop/contracts';
import { type HelpPageKey, helpPagePath } from '@shop/contracts/site';

/**
 * The help pages a new shop opens with, in Markdown. Migration 0005 writes them into
 * `help_pages`; from then on staff edit them there (PUT /admin/help/page).
 * Links use the storefront's routes (spec 2 "Routes").
 */

const PHONE = '+1 (916) 555-0142';
const EMAIL = 'support@aurelle.shop';
const CHAT_HOURS = 'every day from 9:00 to 21:00 Pacific Time';

const contactLink = (key: HelpPageKey, title: string) => helpPagePath({ key, title });

const help = `Welcome to the ${SHOP_NAME} help center. Most answers are one click away; if yours is not,
our support team is happy to help.

## Shopping with us

- [How to place an order](${contactLink('how_to_place_an_order', 'How to place an order')}): from choosing a size to confirming your order.
- [About payment](${contactLink('about_payment', 'About payment')}): the cards and services we accept, and when you are charged.
- [Track my order](${contactLink('track_my_order', 'Track my order')}): what each order status means and where your parcel is.
- [Returns & exchanges](${contactLink('returns_exchanges', 'Returns & exchanges')}): sending something back, or swapping it for another size or color.

## Made for you

- [Tailor-made project](/help/projectTailorMade): garments cut to your measurements.
- [Custom orders](/help/custom): colors, monograms and matching outfits for groups.
- [Wholesale](/help/wholesale): stocking ${SHOP_NAME} in your boutique.

## About ${SHOP_NAME}

- [About us](/help/AboutUs) and [our brand story](/help/brandStory)
- [The ${SHOP_NAME} blog](/help/blog): fit guides, styling ideas and care tips.

## The small print

- [Privacy policy](${contactLink('privacy_policy', 'Privacy policy')})
- [Cookies notification](${contactLink('cookies_notification', 'Cookies notification')})
- [Terms of use](${contactLink('terms_of_use', 'Terms of use')})

## Still need help?

Open the chat in the corner of any page (${CHAT_HOURS}), e-mail **${EMAIL}** or call **${PHONE}**.
Have your order number ready if your question is about an order — it starts the conversation in
the right place. More ways to reach us are on the [contact page](${contactLink('contact_us', 'Contact us')}).
`;

const howToPlaceAnOrder = `Ordering from ${SHOP_NAME} takes a few minutes. Here is the whole journey, step by step.

## 1. Find what you love

Browse by category from the menu at the top of every page — Clothing, Shoes, Hobbies and Wedding —
or type what you are looking for in the search box. Each product page shows the price, the colors
and sizes in stock, and the details of fabric and fit.

## 2. Choose color and size

Pick a color, then a size. Sizes that are sold out cannot be selected. If you are between two
sizes, the product description usually says which way to go; our
[fit guide on the blog](/help/blog) helps too, and the chat team can check a garment's
measurements for you.

## 3. Add it to your bag

Press **Add to bag**. The bag opens for a moment to show what is in it; you can keep shopping and
come back at any time through the bag icon in the header. To keep your bag across devices, sign in
— bags of signed-in shoppers are saved to their account.

## 4. Check out

1. Open your bag and choose **View cart**.
2. Check the items, colors, sizes and quantities.
3. Sign in, or create an account in a minute at [Sign in / Register](/login).
4. Choose or add your delivery address.
5. Apply a coupon or your points if you have any.
6. Pick a payment method and confirm.

You will see a confirmation page and receive an e-mail with your order number.

## Good to know

- **Prices are in US dollars.** The currency picker in the header shows an estimate in your own
  currency (rounded down); your payment is always taken in US dollars.
- **New here?** Shoppers who agree to receive our promotions when they register get **20% off
  their first order**, and verifying your e-mail for our newsletter earns a **$10** welcome offer.
- **Changed your mind?** An order can be cancelled from **My Order** until it ships.
`;

const aboutPayment = `${SHOP_NAME} accepts the payment methods shown at the bottom of every page.

## Accepted payment methods

- **Credit and debit cards:** Visa, Mastercard, American Express and Discover.
- **Klarna:** pay later or in instalments, subject to Klarna's approval at checkout.

## Currency

All prices are set and charged in **US dollars (USD)**. When you choose another currency in the
header, we show prices converted at our current reference rate and rounded down, so you can
compare easily. Your bank converts the USD amount at its own rate, which can differ slightly and
may include a foreign-transaction fee set by your bank.

## When you are charged

Your payment is authorized when you confirm the order. An order waiting for payment shows
**Pending Payment** in [My Order](/ShoppingListMain/MyOrder); you can finish paying from there.
An order that stays unpaid is cancelled automatically and its items go back on sale.

## Security

Card details are entered on our payment partners' secure, encrypted forms and are processed by
them; ${SHOP_NAME} never sees or stores your full card number.

## If a payment fails

- Check that the billing address matches the one your bank has on file.
- Make sure the card has not expired and allows online purchases abroad if your bank is outside the US.
- Try another card or Klarna.

If the payment still does not go through, contact us — we can see the reason the payment
provider gave and tell you what to do.

## Refunds

Refunds go back to the original payment method. After we approve a return, banks usually show the
refund within **5 to 10 business days**.
`;

const trackMyOrder = `You can follow every order from the moment you place it.

## Where to look

1. Sign in and open [My Order](/ShoppingListMain/MyOrder).
2. Choose the order to see its details.
3. Once it has shipped, open **Logistics information** for the carrier, the tracking number and
   each step of the journey.

We also send an e-mail with the tracking number when your parcel leaves our warehouse.

## What the statuses mean

| Status | What is happening |
| --- | --- |
| Pending Payment | The order is placed but not yet paid. |
| Pending Shipment | Paid, and being picked, checked and packed. |
| Shipped | On its way; tracking is available. |
| Completed | Delivered. You can now leave a review and earn points. |
| Cancelled | The order was cancelled; nothing was charged, or the payment was returned. |
| Refunded | The payment was returned to you. |

## Delivery times

Most orders leave our warehouse within **1 to 3 business days**. Tailor-made and custom pieces are
made for you first; their making time is shown on the product page and in your order. The
estimated delivery date for your address is shown at checkout.

## Tracking has not moved?

Tracking can pause for a day or two while a parcel crosses a border or changes carrier. If it has
not changed for **five business days**, or the carrier shows it as delivered but you do not have
it, contact us with your order number and we will open an investigation with the carrier.
`;

const returnsExchanges = `We want you to love what you ordered. If something is not right, you can return or
exchange it.

## The basics

- You have **30 days from delivery** to request a return or exchange.
- Items must be unworn, unwashed and unaltered, with their original tags attached.
- Shoes must be returned in their original box, tried on indoors only.

## Items we cannot take back

- Tailor-made and custom pieces (unless they arrive faulty or differ from your order).
- Swimwear and bodywear with the hygiene strip removed.
- Items marked **Final sale** on the product page.

## How to request a return or exchange

1. Sign in and open [Return/Exchange](/ShoppingListMain/ReturnExchange), or choose the order in
   [My Order](/ShoppingListMain/MyOrder).
2. Select the items, tell us why, and choose a refund or an exchange for another size or color.
3. Once the request is approved, pack the items securely and send them with the return details
   shown in your account.

## Refunds

When your parcel arrives we check the items, usually within **3 business days**, and refund the
original payment method. Your bank may take **5 to 10 business days** to show it. Coupons and
points used on the order are returned to your account.

## Exchanges

Exchanges depend on stock. If the size or color you want has sold out, we refund the item instead.

## Faulty or wrong items

If an item arrives damaged or is not what you ordered, contact us within 30 days of delivery with a
photo. We cover the return postage and send a replacement or refund — your choice.
`;

const contactUs = `Real people answer every message at ${SHOP_NAME}. Choose the way that suits you.

## Live chat

The fastest way to reach us. Open the chat in the corner of any page — our team is online
${CHAT_HOURS}. Outside those hours, leave a message and we will reply as soon as we are back.

## E-mail

Write to **${EMAIL}**. We answer within one business day.

## Phone

Call **${PHONE}**, Monday to Friday, 9:00 to 18:00 Pacific Time.

## Our address

**${SHOP_NAME}**, Sacramento, California, US.

This is our office, not a returns address — please start returns from
[Return/Exchange](/ShoppingListMain/ReturnExchange) so that your parcel is matched to your order.

## Help us help you faster

- Your **order number**, if your question is about an order.
- The **product name or link**, if it is about a product.
- **Photos**, if something arrived damaged or not as expected.

## Feedback

Tell us how we are doing with the feedback button on any page. We read every message.
`;

const privacyPolicy = `This policy explains what personal information ${SHOP_NAME} collects, why, and the choices you have.
It applies to our website and our customer service.

## What we collect

- **Account details:** your name, e-mail address, phone number and password (stored only as a
  secure hash — nobody at ${SHOP_NAME} can read it).
- **Orders:** what you buy, delivery addresses, and payment status. Card numbers are handled by
  our payment partners and never stored by us.
- **Conversations:** messages and files you send to our support chat. Files sent in the chat are
  deleted automatically after **3 days**.
- **Browsing:** the pages and products you view on our site, used for your browsing history and
  to help our support team understand your question.
- **Device data:** your IP address and browser type, kept in our server logs for security.

## How we use it

- To process and deliver your orders, returns and refunds.
- To run your account, wishlist, coupons and points.
- To answer your questions and improve our service.
- To send promotions — **only if you agreed to receive them**. Every promotional e-mail has an
  unsubscribe link.
- To keep the shop secure and prevent fraud.

## Who we share it with

We never sell your personal information. We share only what is needed with:

- payment providers, to take payments and refunds;
- carriers, to deliver your parcels;
- service providers who host our systems, under contracts that protect your data.

## How long we keep it

We keep account data while your account is open. Order records are kept as long as tax and
consumer law requires. When you cancel your account we delete or anonymize the rest.

## Your rights

You can see and correct your details in [My Account](/ShoppingListMain/MyAccount), and close your
account at any time at [Cancel Account](/cancelAccount). California residents have the right to
know, delete and correct their personal information and to not be discriminated against for using
these rights (CCPA/CPRA). To exercise any right, e-mail **${EMAIL}**.

## Cookies

How we use cookies and browser storage is described in our
[cookies notification](${contactLink('cookies_notification', 'Cookies notification')}).

## Changes

If we change this policy we will update this page, and e-mail you about important changes.
`;

const cookiesNotification = `${SHOP_NAME} uses cookies and similar browser storage to run the shop and remember your choices.
When you first visit, a **Cookie Preferences** banner asks for your consent; choosing
**I Accept** stores that answer so we do not ask again.

## What we store in your browser

| Purpose | What it does | Needed? |
| --- | --- | --- |
| Sign-in | Keeps you signed in on this device. | Yes, to use your account |
| Shopping bag | Remembers what is in your bag and your recently viewed items. | Yes, to shop |
| Preferences | Remembers your currency, language and last-chosen category. | Recommended |
| Consent | Remembers that you answered the cookie banner. | Yes |
| Support chat | Recognizes you as the same visitor when you come back to a conversation. | Only if you use the chat |

We do not use advertising cookies and we do not let advertisers track you on our site.

## Third-party content

The phone-number field shows country flags that are loaded from an external image service; like
any web server, it receives your IP address when your browser fetches a flag.

## Managing cookies

You can delete cookies and site data at any time in your browser's settings. Signing out clears
your sign-in data from this device. Blocking all storage will stop the shopping bag and sign-in
from working.

## Questions

E-mail **${EMAIL}** — and see our [privacy policy](${contactLink('privacy_policy', 'Privacy policy')}) for how we look after your information.
`;

const termsOfUse = `These terms apply when you use the ${SHOP_NAME} website and buy from us. By using the site you
agree to them.

## Your account

- You must be at least 18, or use the site with a parent or guardian.
- Keep your password private; you are responsible for what happens under your account.
- You may close your account at any time at [Cancel Account](/cancelAccount).

## Prices and payment

- Prices are in **US dollars**. Prices shown in other currencies are estimates for your
  convenience; the amount charged is the USD price.
- We check prices carefully, but if an item is clearly mispriced we will contact you before
  shipping and you may cancel for a full refund.
- Your order is a request to buy; the contract is made when we confirm it by e-mail.

## Offers, coupons and points

- The **$10** newsletter welcome offer and the **20% first-order** offer are available once per
  person and cannot be combined unless the offer says so.
- Coupons and points have no cash value and cannot be exchanged for money.
- We may cancel offers obtained by misuse, such as multiple accounts.

## Returns

Returns and exchanges follow our [returns policy](${contactLink('returns_exchanges', 'Returns & exchanges')}).
Nothing in these terms limits your rights under consumer law.

## Reviews and content you send

Reviews, photos and messages must be your own, honest and lawful. By posting a review you allow
us to show it on our site. We may remove content that breaks these rules.

## Our content

Product pictures, texts and the ${SHOP_NAME} name and logo belong to us. Please do not copy them
for commercial use without our permission.

## Liability

We do our best to keep the site available and accurate, but we cannot promise it will always be
error-free. To the extent the law allows, we are not liable for indirect losses.

## Law

These terms are governed by the laws of the State of California, USA.

## Changes and contact

We may update these terms; the version on this page applies to orders placed while it is shown.
Questions: **${EMAIL}** or **${PHONE}**.
`;

const aboutUs = `${SHOP_NAME} is an online fashion store from **Sacramento, California**. We bring together clothing,
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

const brandStory = `${SHOP_NAME} began with a simple frustration: beautiful clothes that did not fit, and clothes that fit
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

const projectTailorMade = `Our tailor-made project makes garments to your own measurements: a dress that fits at the waist
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

const custom = `Want a piece in a color we do not stock, your initials on a jacket, or matching outfits for a
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

const wholesale = `Bring ${SHOP_NAME} to your customers. We supply boutiques, bridal shops, studios and online
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

const blog = `Fit guides, styling ideas and care tips from the ${SHOP_NAME} team.

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

/** The default help pages, in the help center's order; every key of HELP_PAGE_KEYS has one. */
export const DEFAULT_HELP_PAGES: Array<{ key: HelpPageKey; title: string; body_markdown: string }> = [
  { key: 'help', title: 'Help center', body_markdown: help },
  { key: 'how_to_place_an_order', title: 'How to place an order', body_markdown: howToPlaceAnOrder },
  { key: 'about_payment', title: 'About payment', body_markdown: aboutPayment },
  { key: 'track_my_order', title: 'Track my order', body_markdown: trackMyOrder },
  { key: 'returns_exchanges', title: 'Returns & exchanges', body_markdown: returnsExchanges },
  { key: 'contact_us', title: 'Contact us', body_markdown: contactUs },
  { key: 'privacy_policy', title: 'Privacy policy', body_markdown: privacyPolicy },
  { key: 'cookies_notification', title: 'Cookies notification', body_markdown: cookiesNotification },
  { key: 'terms_of_use', title: 'Terms of use', body_markdown: termsOfUse },
  { key: 'about_us', title: 'About us', body_markdown: aboutUs },
  { key: 'brand_story', title: 'Our brand story', body_markdown: brandStory },
  { key: 'project_tailor_made', title: 'Tailor-made project', body_markdown: projectTailorMade },
  { key: 'custom', title: 'Custom orders', body_markdown: custom },
  { key: 'wholesale', title: 'Wholesale', body_markdown: wholesale },
  { key: 'blog', title: 'Blog', body_markdown: blog },
];
