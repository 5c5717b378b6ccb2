import { SHOP_NAME } from '@shop/contracts';
import { contactLink, EMAIL, PHONE } from './contact';

/** The legal pages: privacy, cookies, terms of use. */

export const privacyPolicy = `This policy explains what personal information ${SHOP_NAME} collects, why, and the choices you have.
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

export const cookiesNotification = `${SHOP_NAME} uses cookies and similar browser storage to run the shop and remember your choices.
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

export const termsOfUse = `These terms apply when you use the ${SHOP_NAME} website and buy from us. By using the site you
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
