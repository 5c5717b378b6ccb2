import { redirect } from 'react-router';

export const meta = () => [{ name: 'robots', content: 'noindex' }];

/** /person (spec 2): loads the account page. */
export const loader = () => redirect('/ShoppingListMain/MyAccount');

export default function Person() {
  return null;
}
