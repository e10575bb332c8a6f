import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234';

/** Reads the newest sign-in code for `email` from the development outbox, as a person would read mail. */
export async function codeFromOutbox(request: APIRequestContext, email: string, notBefore = 0): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const r = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const mails = ((await r.json()) as { data: { text: string; at: string }[] }).data;
      const fresh = mails.find((m) => Date.parse(m.at) >= notBefore && /\b\d{6}\b/.test(m.text));
      code = fresh ? /\b(\d{6})\b/.exec(fresh.text)![1]! : null;
      return code;
    })
    .not.toBeNull();
  return code!;
}

export async function signInForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
