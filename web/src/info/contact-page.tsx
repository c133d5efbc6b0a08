import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../../shared/api/errors.js';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../shared/domain/constants.js';
import { contactMessageSchema } from '../../../shared/domain/contact.js';
import { formatPhone } from '../../../shared/domain/phone.js';
import { api } from '../../../shared/web/api.js';
import { useAuth } from '../../../shared/web/auth-context.js';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../forms/field-errors.js';
import { FieldError, FormMessage, SubmitButton, TextField } from '../forms/form-controls.js';
import { usePageTitle } from '../layout/use-page-title.js';

export function ContactPage() {
  usePageTitle('Contact');
  const { user } = useAuth();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = {
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? '').trim(),
      message: String(data.get('message') ?? ''),
    };
    setFailure(null);
    const parsed = contactMessageSchema.safeParse(input);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await api.contact(input);
      form.reset();
      toast.success(`Thank you! Your message has been sent; we will reply to ${input.email}.`);
    } catch (error) {
      setErrors(apiFieldErrors(error));
      setFailure(
        error instanceof ApiError ? error.message : 'Your message could not be sent; please try again',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-[2fr_1fr]">
      <div>
        <h1 className="mb-2 text-3xl font-semibold text-slate-900">Contact us</h1>
        <p className="mb-6 text-slate-600">
          Questions about an order, a product's certificate of analysis or bulk pricing? Write to us and we
          reply within one business day.
        </p>
        <form
          onSubmit={onSubmit}
          className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm"
          noValidate
        >
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            defaultValue={user?.displayName ?? ''}
            error={errors.name}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={user?.email ?? ''}
            error={errors.email}
          />
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Message
            <textarea
              name="message"
              rows={6}
              maxLength={5000}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'message-error' : undefined}
              className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal text-slate-900 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 aria-[invalid]:border-red-600"
            />
            {errors.message && <FieldError id="message-error">{errors.message}</FieldError>}
          </label>
          {failure && <FormMessage kind="error">{failure}</FormMessage>}
          <div>
            <SubmitButton busy={busy}>{busy ? 'Sending...' : 'Send message'}</SubmitButton>
          </div>
        </form>
      </div>
      <aside className="text-slate-700">
        <h2 className="mb-2 font-semibold text-slate-900">Other ways to reach us</h2>
        <p>
          Email: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
        <p>Phone: {formatPhone(SUPPORT_PHONE)}</p>
        <p className="mt-2 text-sm text-slate-500">Monday to Friday, 9am to 5pm Eastern.</p>
      </aside>
    </div>
  );
}
