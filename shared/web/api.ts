import { createApiClient } from '../api/client.js';
import { currentIdToken } from './firebase-auth.js';

/** The apps' API client; sends the ID token whenever a user is signed in. */
export const api = createApiClient({ getToken: currentIdToken });
