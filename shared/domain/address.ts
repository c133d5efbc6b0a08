import { z } from 'zod';
import { normalisePostalCode, regionAndPostalProblems, regionCode } from './address-rules.js';
import { phoneToE164 } from './phone-number.js';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * Where an order ships, judged by its country's rules (address-rules.ts). The phone is kept in E.164, the postal code
 * in capitals, and the region as its ISO 3166-2 code, only where the country's addresses have one.
 */
export const shippingAddressSchema = z
  .strictObject({
    fullName: text('Full name', 100),
    line1: text('Street address', 120),
    line2: optionalText('Address line 2', 120),
    city: text('City', 80),
    state: optionalText('Region', 60),
    postalCode: z.string({ error: 'Postal code is required' }).trim().max(12, 'Enter a valid postal code'),
    country: z.string({ error: 'Choose a country' }).trim(),
    phone: z.string({ error: 'Phone is required' }).trim(),
  })
  .superRefine(
    (address, ctx) => {
      const { country, state, postalCode, phone } = address as Record<string, unknown>;
      if (!isText(country)) return;
      const problems = regionAndPostalProblems({
        country,
        state: isText(state) ? state : '',
        postalCode: isText(postalCode) ? postalCode : '',
      });
      for (const { field, message } of problems)
        if (field === 'country' || isText(address[field]))
          ctx.addIssue({ code: 'custom', path: [field], message });
      if (!isText(phone) || problems.some((p) => p.field === 'country')) return;
      if (!phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Phone is required' });
      else if (!phoneToE164(phone, country))
        ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Enter a valid phone number' });
    },
    // Judge the country's rules even while other fields are wrong, so one submit shows every error;
    // but only when there is an address to judge (a missing one is reported by the object check).
    { when: ({ value }) => typeof value === 'object' && value !== null },
  )
  .transform((address) => ({
    ...address,
    state: regionCode(address.country, address.state) ?? '',
    postalCode: normalisePostalCode(address.postalCode),
    phone: phoneToE164(address.phone, address.country) ?? address.phone,
  }));
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
