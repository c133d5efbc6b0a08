import type { ReactNode } from 'react';
import { TERMS_VERSION } from '../../../shared/domain/compliance.js';
import {
  COMPANY_NAME,
  STORE_ADDRESS,
  STORE_DISPLAY_NAME,
  SUPPORT_EMAIL,
} from '../../../shared/domain/constants.js';
import {
  CANCELLATION_POLICY,
  DISPATCH_POLICY,
  SHIPPING_RATE_POLICY,
  UNPAID_ORDER_POLICY,
} from '../../../shared/domain/shop-policies.js';
import { usePageTitle } from '../layout/use-page-title.js';
import { PlainFrame } from './plain-frame.js';

export const TERMS_UPDATED = 'November 1, 2026';

function Clause({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="mb-2 text-xl font-semibold text-slate-900">{title}</h2>
      <div className="flex flex-col gap-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

export function TermsPage() {
  usePageTitle('Terms of Service');
  const address = `${STORE_ADDRESS.street}, ${STORE_ADDRESS.city}, ${STORE_ADDRESS.state} ${STORE_ADDRESS.postalCode}`;
  return (
    <PlainFrame>
      <article className="mx-auto max-w-3xl rounded-xl bg-white p-8 shadow-sm">
        <h1 className="text-3xl font-semibold text-slate-900">Terms of Service</h1>
        <p className="mt-2 text-sm text-slate-500">
          Last updated {TERMS_UPDATED} · Version {TERMS_VERSION}
        </p>
        <p className="mt-4 text-slate-700">
          These terms govern every purchase from {STORE_DISPLAY_NAME}, operated by {COMPANY_NAME} ("we",
          "us"). By creating an account or placing an order you accept them.
        </p>

        <Clause title="1. Research use only">
          <p>
            <strong>
              All products are sold strictly for laboratory research and in-vitro use. They are not drugs,
              food, dietary supplements or cosmetics, and are not for human or veterinary consumption or use.
            </strong>{' '}
            They have not been evaluated or approved by the U.S. Food and Drug Administration to diagnose,
            treat, cure or prevent any disease.
          </p>
          <p>
            You confirm that you are buying for legitimate research by qualified persons, that you will
            handle, store and dispose of every product according to applicable laws and good laboratory
            practice, and that you will not resell products for human use. We may refuse or cancel any order
            when we have reason to believe these terms are not being followed.
          </p>
        </Clause>

        <Clause title="2. Eligibility">
          <p>
            You must be at least 21 years old and legally able to enter a contract to create an account or
            place an order. Orders placed on behalf of an institution are accepted on the understanding that
            you are authorised to bind it.
          </p>
        </Clause>

        <Clause title="3. Prices and payment">
          <p>
            Prices are in U.S. dollars. The price that applies is the one our system confirms when you place
            the order, shown in the order summary before you confirm; prices in your cart may change until
            then.
          </p>
          <p>
            We accept bank transfer and, where offered, card payment processed by Stripe. Quote your order
            number as the bank transfer's reference. Orders ship only after payment has been received in full.
            We never see or store your card number.
          </p>
          <p>{UNPAID_ORDER_POLICY}</p>
        </Clause>

        <Clause title="4. Shipping">
          <p>
            {SHIPPING_RATE_POLICY} {DISPATCH_POLICY} Risk of loss passes to you when the parcel is handed to
            the carrier.
          </p>
          <p>
            You are responsible for making sure the products may lawfully be imported and used where you
            receive them, including any customs duties or permits.
          </p>
        </Clause>

        <Clause title="5. Returns and refunds">
          <p>
            For reasons of purity and chain of custody, opened products cannot be returned. Unopened products
            in their original sealed packaging may be returned within 30 days of delivery; contact us first
            for a return authorisation. If a product arrives damaged or differs from what you ordered, tell us
            within 7 days of delivery and we will replace it or refund it in full, including shipping.
          </p>
          <p>
            {CANCELLATION_POLICY} Refunds are made to the original payment method within 10 business days.
          </p>
        </Clause>

        <Clause title="6. Product information and liability">
          <p>
            Product descriptions and certificates of analysis are provided for research reference. To the
            extent permitted by law, our liability for any order is limited to the amount you paid for it, and
            we are not liable for any harm arising from use of the products contrary to these terms.
          </p>
        </Clause>

        <Clause title="7. Your account and privacy">
          <p>
            Keep your sign-in details to yourself; you are responsible for orders placed with your account. We
            use your name, email and shipping address only to process your orders and answer your messages,
            and we do not sell them.
          </p>
        </Clause>

        <Clause title="8. Contact">
          <p>
            {COMPANY_NAME}, {address}. Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. These
            terms are governed by the laws of the Commonwealth of Massachusetts.
          </p>
        </Clause>
      </article>
    </PlainFrame>
  );
}
