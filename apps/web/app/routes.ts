import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('home/:page', 'routes/category-home.tsx'),
  route('login', 'routes/login.tsx'),
  route('ShoppingListMain', 'routes/account-layout.tsx', [
    route('MyAccount', 'routes/account.my-account.tsx'),
    route('AccountInfo', 'routes/account.account-info.tsx'),
    route('*', 'routes/account.not-found.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
