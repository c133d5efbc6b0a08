import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../home/home-page.js';
import { BareLayout } from '../layout/bare-layout.js';
import { NotFoundPage } from '../layout/not-found.js';
import { PublicLayout } from '../layout/public-layout.js';
import { StorePage } from '../store/store-page.js';
import { lazyPage } from './lazy-page.js';

// Landing pages (/, /store) load with the app; every other page loads on first visit.
export const ProductPage = lazyPage(() => import('../products/product-page.js'), 'ProductPage');
const LoginPage = lazyPage(() => import('../auth/login-page.js'), 'LoginPage');
const SignupPage = lazyPage(() => import('../auth/signup-page.js'), 'SignupPage');
const ResetPasswordPage = lazyPage(() => import('../auth/reset-password-page.js'), 'ResetPasswordPage');
const EmailLinkLoginPage = lazyPage(() => import('../auth/email-link-login-page.js'), 'EmailLinkLoginPage');
const AuthActionPage = lazyPage(() => import('../auth/auth-action-page.js'), 'AuthActionPage');
const ConfirmEmailPage = lazyPage(() => import('../auth/confirm-email-page.js'), 'ConfirmEmailPage');
const SettingsPage = lazyPage(() => import('../account/settings-page.js'), 'SettingsPage');
export const VerifyPage = lazyPage(() => import('../verify/verify-page.js'), 'VerifyPage');
export const ContactPage = lazyPage(() => import('../info/contact-page.js'), 'ContactPage');
export const TermsPage = lazyPage(() => import('../info/terms-page.js'), 'TermsPage');
const IdentifyPage = lazyPage(() => import('../checkout/identify-page.js'), 'IdentifyPage');
const CheckoutPage = lazyPage(() => import('../checkout/checkout-page.js'), 'CheckoutPage');
const CheckoutSuccessPage = lazyPage(
  () => import('../checkout/order-success-page.js'),
  'CheckoutSuccessPage',
);
const OrderSuccessPage = lazyPage(() => import('../checkout/order-success-page.js'), 'OrderSuccessPage');
const OrdersPage = lazyPage(() => import('../orders/orders-page.js'), 'OrdersPage');
const OrderDetailsPage = lazyPage(() => import('../orders/order-details-page.js'), 'OrderDetailsPage');

/**
 * Every storefront route, one per line: the public layout's pages, then the screens without it.
 * (Declarative routes: the data router would add about 16 KB gzip to the first load.)
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/home" element={<HomePage />} />
        <Route path="/store" element={<StorePage />} />
        <Route path="/products/:productId" element={<ProductPage />} />
        <Route path="/verify" element={<VerifyPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/checkout/success" element={<CheckoutSuccessPage />} />
        <Route path="/orders" element={<OrdersPage />} />
        <Route path="/order-details/:orderId" element={<OrderDetailsPage />} />
      </Route>
      <Route element={<BareLayout />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/email-link-login" element={<EmailLinkLoginPage />} />
        <Route path="/auth/action" element={<AuthActionPage />} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        <Route path="/identify" element={<IdentifyPage />} />
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/terms-of-service" element={<TermsPage />} />
        <Route path="/order-success" element={<OrderSuccessPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
