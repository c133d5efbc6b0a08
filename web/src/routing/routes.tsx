import type { RouteObject } from 'react-router-dom';
import { HomePage } from '../home/home-page.js';
import { BareLayout } from '../layout/bare-layout.js';
import { ErrorScreen } from '../layout/error-screen.js';
import { NotFoundPage } from '../layout/not-found.js';
import { PublicLayout } from '../layout/public-layout.js';
import { StorePage } from '../store/store-page.js';
import { lazyPage } from './lazy-page.js';

// Landing pages (/, /store) load with the app; every other page loads on first visit.
const ProductPage = lazyPage(() => import('../products/product-page.js'), 'ProductPage');
const LoginPage = lazyPage(() => import('../auth/login-page.js'), 'LoginPage');
const SignupPage = lazyPage(() => import('../auth/signup-page.js'), 'SignupPage');
const ResetPasswordPage = lazyPage(() => import('../auth/reset-password-page.js'), 'ResetPasswordPage');
const EmailLinkLoginPage = lazyPage(() => import('../auth/email-link-login-page.js'), 'EmailLinkLoginPage');
const AuthActionPage = lazyPage(() => import('../auth/auth-action-page.js'), 'AuthActionPage');
const SettingsPage = lazyPage(() => import('../account/settings-page.js'), 'SettingsPage');
const ContactPage = lazyPage(() => import('../info/contact-page.js'), 'ContactPage');
const TermsPage = lazyPage(() => import('../info/terms-page.js'), 'TermsPage');
const IdentifyPage = lazyPage(() => import('../checkout/identify-page.js'), 'IdentifyPage');
const CheckoutPage = lazyPage(() => import('../checkout/checkout-page.js'), 'CheckoutPage');
const CheckoutSuccessPage = lazyPage(
  () => import('../checkout/order-success-page.js'),
  'CheckoutSuccessPage',
);
const OrderSuccessPage = lazyPage(() => import('../checkout/order-success-page.js'), 'OrderSuccessPage');
const OrdersPage = lazyPage(() => import('../orders/orders-page.js'), 'OrdersPage');
const OrderDetailsPage = lazyPage(() => import('../orders/order-details-page.js'), 'OrderDetailsPage');

/** Every storefront route, one per line: the public layout's pages, then the screens without it. */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/home', element: <HomePage /> },
          { path: '/store', element: <StorePage /> },
          { path: '/products/:productId', element: <ProductPage /> },
          { path: '/contact', element: <ContactPage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/checkout/success', element: <CheckoutSuccessPage /> },
          { path: '/orders', element: <OrdersPage /> },
          { path: '/order-details/:orderId', element: <OrderDetailsPage /> },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/signup', element: <SignupPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/email-link-login', element: <EmailLinkLoginPage /> },
          { path: '/auth/action', element: <AuthActionPage /> },
          { path: '/identify', element: <IdentifyPage /> },
          { path: '/checkout', element: <CheckoutPage /> },
          { path: '/terms-of-service', element: <TermsPage /> },
          { path: '/order-success', element: <OrderSuccessPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
