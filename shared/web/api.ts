import { createApiClient } from '../api/client.js';
import { appCheckToken } from './app-check.js';
import { currentIdToken } from './firebase-auth.js';

/** The apps' API client; sends the ID token whenever a user is signed in, and App Check tokens when on. */
export const api = createApiClient({ getToken: currentIdToken, getAppCheckToken: appCheckToken });
