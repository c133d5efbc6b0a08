import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { DEFAULT_MINIMUM_AGE } from '../../../shared/domain/compliance.js';
import type { PaymentProvider } from '../../../shared/domain/order.js';
import { api } from '../../../shared/web/api.js';
import { useAuth } from '../../../shared/web/auth-context.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { EmailConfirmationNotice } from '../auth/email-confirmation.js';
import { cacheKeys, isOrderListKey } from '../cache-keys.js';
import { useCart } from '../cart/cart-context.js';
import type { FieldErrors } from '../forms/field-errors.js';
import { FormMessage, SubmitButton } from '../forms/form-controls.js';
import { useFocusFirstError } from '../forms/use-focus-first-error.js';
import { PlainFrame } from '../info/plain-frame.js';
import { usePageTitle } from '../layout/use-page-title.js';
import { type AddressForm, emptyAddress, refusedCountries } from './address.js';
import { AddressFields } from './address-fields.js';
import { type CheckoutFormValues, placeOrder, standingErrors } from './checkout-form.js';
import { ComplianceFields } from './compliance-fields.js';
import { DiscountCodeField } from './discount-code-field.js';
import { EmptyCart } from './empty-cart.js';
import { checkoutKey, forgetCheckoutKey } from './idempotency.js';
import { OrderSummary } from './order-summary.js';
import { PaymentMethodField } from './payment-method-field.js';
import { ShippingOptionsField } from './shipping-options-field.js';
import { useCheckoutPricing } from './use-checkout-pricing.js';
import { useLastAddress } from './use-last-address.js';

export function CheckoutPage() {
  usePageTitle('Checkout');
  const { user } = useAuth();
  const cart = useCart();
  if (user === undefined)
    return (
      <PlainFrame>
        <Spinner />
      </PlainFrame>
    );
  if (user === null) return <Navigate to="/identify" replace />;
  return (
    <PlainFrame
      aside={
        <span className="min-w-0 text-right text-sm text-slate-600 wrap-anywhere">
          Signed in as {user.email}
        </span>
      }
    >
      <h1 className="mb-6 text-3xl font-semibold text-slate-900">Checkout</h1>
      {cart.lines.length > 0 && !user.emailVerified && user.email && (
        <ConfirmBeforeOrdering email={user.email} />
      )}
      {cart.lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <CheckoutForm defaultName={user.displayName ?? ''} canPlace={user.emailVerified} />
      )}
    </PlainFrame>
  );
}

/** Why the order cannot be placed yet, and the ways to confirm the address from here. */
function ConfirmBeforeOrdering({ email }: { email: string }) {
  return (
    <section
      aria-label="Confirm your email address"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-5"
    >
      <h2 className="mb-2 text-lg font-semibold text-slate-900">
        Confirm your email address to place your order
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Orders are placed only from a confirmed address, so that your order emails reach you and nobody can
        order in your name. Your cart stays as it is.
      </p>
      <EmailConfirmationNotice email={email} next="/checkout" />
    </section>
  );
}

/** `canPlace` is false until the shopper's address is confirmed: they may fill everything in meanwhile. */
function CheckoutForm({ defaultName, canPlace }: { defaultName: string; canPlace: boolean }) {
  const cart = useCart();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const config = useSWR(cacheKeys.config, () => api.config());
  const shipsTo = useSWR(cacheKeys.checkoutCountries, () => api.checkoutCountries());
  const [address, setAddress] = useState<AddressForm>(() => emptyAddress(defaultName));
  const [addressTouched, setAddressTouched] = useState(false);
  const lastAddress = useLastAddress();
  const [chosenMethod, setMethod] = useState<PaymentProvider | null>(null);
  const [attestations, setAttestations] = useState<CheckoutFormValues['attestations']>({
    adult: false,
    researchUse: false,
  });
  // The last submit's errors and the values they were about: each stands until its field is put right.
  const [submitted, setSubmitted] = useState<{ errors: FieldErrors; values: CheckoutFormValues } | null>(
    null,
  );
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  // The name can arrive just after sign-up; fill it in unless the shopper already typed one.
  useEffect(() => {
    if (defaultName)
      setAddress((current) => (current.fullName ? current : { ...current, fullName: defaultName }));
  }, [defaultName]);
  // A returning shopper gets their last order's address, unless they already started typing one.
  useEffect(() => {
    if (lastAddress && !addressTouched) setAddress(lastAddress);
  }, [lastAddress, addressTouched]);
  // A blank form starts in a country the shop ships to; a saved address keeps its own and is told the shop does not.
  const firstShipped = shipsTo.data?.countries[0];
  useEffect(() => {
    if (firstShipped && !addressTouched && !lastAddress)
      setAddress((current) =>
        shipsTo.data?.countries.includes(current.country) ? current : { ...current, country: firstShipped },
      );
  }, [firstShipped, addressTouched, lastAddress, shipsTo.data]);

  const methods = config.data?.payments.methods ?? [];
  const rules = config.data?.compliance;
  const refused = refusedCountries(shipsTo.data?.countries, rules?.noShipCountries);
  const pricing = useCheckoutPricing(cart.lines, address, refused);
  const quote = pricing.quote;
  const priced = quote.data?.quote;
  const paymentMethod = chosenMethod ?? (methods.length === 1 ? methods[0]! : null);
  const blocked = priced?.lines.some((l) => l.status !== 'ok') ?? true;
  const formRules = { minimumAge: rules?.minimumAge ?? DEFAULT_MINIMUM_AGE, noShipCountries: refused };
  const values: CheckoutFormValues = {
    address,
    paymentMethod,
    attestations,
    discountCode: pricing.discount.applied,
    shippingOptionId: pricing.shipping.chosen,
  };
  const errors = submitted ? standingErrors(submitted.errors, submitted.values, values, formRules) : {};
  const addressErrors = pricing.countryRefusal
    ? { 'shippingAddress.country': pricing.countryRefusal, ...errors }
    : errors;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || blocked || !pricing.settled || !canPlace) return;
    setBusy(true);
    setMessage(null);
    const result = await placeOrder(api, cart.lines, values, checkoutKey(), formRules);
    setBusy(false);
    if (!result.ok) {
      setSubmitted({ errors: result.errors, values });
      setMessage(result.message);
      focusFirstError();
      if (result.stale) void quote.mutate();
      return;
    }
    const { order, payment } = result.response;
    forgetCheckoutKey();
    // The order list was read on this page (for the last address); it must show the new order.
    void mutate(isOrderListKey);
    if (payment?.kind === 'redirect') window.location.assign(payment.url);
    else navigate(`/checkout/success?order=${encodeURIComponent(order.id)}`, { replace: true });
    cart.clear();
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-6 md:grid-cols-[3fr_2fr]">
      <div className="flex flex-col gap-6 rounded-xl bg-white p-5 shadow-sm">
        <AddressFields
          value={address}
          onChange={(next) => {
            setAddressTouched(true);
            setAddress(next);
          }}
          errors={addressErrors}
          noShipCountries={refused}
        />
        <ShippingOptionsField
          options={pricing.shipping.options}
          chosen={pricing.shipping.chosen}
          addressKnown={pricing.destinationKnown && priced !== undefined}
          error={errors.shippingOptionId}
          onChoose={pricing.shipping.choose}
        />
        {config.error ? (
          <FormMessage kind="error">
            Payment methods could not be loaded; reload the page to try again.
          </FormMessage>
        ) : !config.data ? (
          <Spinner />
        ) : (
          <PaymentMethodField
            methods={methods}
            value={paymentMethod}
            onChange={setMethod}
            error={errors.paymentMethod}
          />
        )}
      </div>
      <div className="flex flex-col gap-4">
        {quote.error ? (
          <FormMessage kind="error">Your cart could not be priced; reload the page to try again.</FormMessage>
        ) : !priced ? (
          <Spinner label="Pricing your order..." />
        ) : (
          <OrderSummary
            quote={priced}
            shippingUnknown={!pricing.destinationKnown}
            cartLines={cart.lines}
            repricedIds={cart.repricedIds}
            onRemove={cart.remove}
            onSetQuantity={cart.setQuantity}
          >
            <DiscountCodeField
              applied={pricing.discount.applied}
              refusal={errors.discountCode ?? pricing.discount.refusal}
              busy={quote.isValidating}
              onApply={pricing.discount.apply}
              onRemove={pricing.discount.remove}
            />
          </OrderSummary>
        )}
        {rules && (
          <ComplianceFields
            value={attestations}
            onChange={setAttestations}
            minimumAge={rules.minimumAge}
            errors={errors}
          />
        )}
        {blocked && quote.data && (
          <FormMessage kind="error">Remove or change the items marked above to place your order.</FormMessage>
        )}
        {message && <FormMessage kind="error">{message}</FormMessage>}
        <SubmitButton busy={busy || blocked || !pricing.settled || !canPlace}>
          {busy ? 'Placing order...' : 'Place order'}
        </SubmitButton>
      </div>
    </form>
  );
}
