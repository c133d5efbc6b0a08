export const TEST_PROJECT_ID = 'demo-peptide-shop';
