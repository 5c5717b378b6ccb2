import { SHOP_NAME } from '@shop/contracts';
import { CHAT_HOURS, contactLink, EMAIL, PHONE } from './contact';

/** The shopping help pages: the help center, ordering, payment, tracking, returns, contact. */

export const help = `Welcome to the ${SHOP_NAME} help center. Most answers are one click away; if yours is not,
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

export const howToPlaceAnOrder = `Ordering from ${SHOP_NAME} takes a few minutes. Here is the whole journey, step by step.

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

export const aboutPayment = `${SHOP_NAME} accepts the payment methods shown at the bottom of every page.

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

export const trackMyOrder = `You can follow every order from the moment you place it.

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

export const returnsExchanges = `We want you to love what you ordered. If something is not right, you can return or
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

export const contactUs = `Real people answer every message at ${SHOP_NAME}. Choose the way that suits you.

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
