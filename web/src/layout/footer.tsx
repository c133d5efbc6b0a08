import { Link } from 'react-router-dom';
import {
  COMPANY_NAME,
  STORE_ADDRESS,
  STORE_DISPLAY_NAME,
  SUPPORT_EMAIL,
  SUPPORT_PHONE,
} from '../../../shared/domain/constants.js';
import { formatPhone } from '../../../shared/domain/phone.js';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white text-sm text-slate-600">
      <div className="mx-auto grid max-w-[1080px] gap-8 px-4 py-10 sm:grid-cols-3">
        <section>
          <h2 className="mb-2 font-semibold text-slate-900">About Us</h2>
          <p>
            {STORE_DISPLAY_NAME} supplies high-purity research peptides to laboratories and independent
            researchers, with a certificate of analysis for every lot. All products are for research use only.
          </p>
        </section>
        <nav aria-label="Quick links">
          <h2 className="mb-2 font-semibold text-slate-900">Quick Links</h2>
          <ul className="flex flex-col gap-1">
            <li>
              <Link to="/" className="hover:text-teal-700">
                Home
              </Link>
            </li>
            <li>
              <Link to="/store" className="hover:text-teal-700">
                Store
              </Link>
            </li>
            <li>
              <Link to="/verify" className="hover:text-teal-700">
                Verify a lot
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className="hover:text-teal-700">
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>
        <section>
          <h2 className="mb-2 font-semibold text-slate-900">Contact</h2>
          <address className="not-italic">
            {STORE_ADDRESS.street}
            <br />
            {STORE_ADDRESS.city}, {STORE_ADDRESS.state} {STORE_ADDRESS.postalCode}
            <br />
            <a href={`mailto:${SUPPORT_EMAIL}`} className="hover:text-teal-700">
              {SUPPORT_EMAIL}
            </a>
            <br />
            <a href={`tel:+1${SUPPORT_PHONE}`} className="hover:text-teal-700">
              {formatPhone(SUPPORT_PHONE)}
            </a>
          </address>
        </section>
      </div>
      <p className="border-t border-slate-100 py-4 text-center">
        © {new Date().getFullYear()} {COMPANY_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
