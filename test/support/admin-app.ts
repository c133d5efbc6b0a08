import { afterAll, beforeAll } from 'vitest';
import { signUpAdmin, type TestUser } from './auth-users.js';
import { createTestApp, type TestApp } from './test-app.js';

/** For one test file: a test app and a signed-in admin, ready in beforeAll and closed afterwards. */
export function adminAppForFile(): { t: TestApp; admin: TestUser } {
  const ctx = {} as { t: TestApp; admin: TestUser };
  beforeAll(async () => {
    ctx.t = createTestApp();
    ctx.admin = await signUpAdmin();
  });
  afterAll(() => ctx.t.close());
  return ctx;
}
