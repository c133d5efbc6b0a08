/** Public Firebase web config the apps start with; never secret. */
export interface WebFirebaseConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  /** Set in emulator mode: where the browser's Auth SDK must connect. */
  authEmulatorUrl?: string;
  /** reCAPTCHA Enterprise site key; when set the apps get App Check tokens and send them with every call. */
  appCheckSiteKey?: string;
}
