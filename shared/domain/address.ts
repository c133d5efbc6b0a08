import { z } from 'zod';
import { phoneDigits } from './phone.js';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Where an order ships. Phone numbers are stored as their digits. */
export const shippingAddressSchema = z.strictObject({
  fullName: text('Full name', 100),
  line1: text('Street address', 120),
  line2: z.string().trim().max(120, 'Address line 2 must be at most 120 characters').default(''),
  city: text('City', 80),
  state: text('State', 60),
  postalCode: z
    .string({ error: 'Postal code is required' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/, 'Enter a valid postal code'),
  country: z
    .string({ error: 'Country is required' })
    .trim()
    .regex(/^[A-Z]{2}$/, 'Choose a country'),
  phone: z
    .string({ error: 'Phone is required' })
    .transform(phoneDigits)
    .refine((d) => d.length === 10, 'Enter a 10-digit phone number'),
});
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
