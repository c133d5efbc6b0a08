export const TEST_PROJECT_ID = 'demo-peptide-shop';

/** A valid US shipping address for checkout tests. */
export const TEST_ADDRESS = {
  fullName: 'Ada Lovelace',
  line1: '12 St James Square',
  city: 'Boston',
  state: 'MA',
  postalCode: '02116',
  country: 'US',
  phone: '(617) 555-0100',
};
