import { expect, type Page } from '@playwright/test';

import { DEMO_ARTIST } from '../../test/e2e/seed.ts';
import { chooseOption, signIn } from '../../test/e2e/support.ts';

export {
  chooseOption,
  createAccount,
  expectToast,
  signIn,
  snap,
  unique,
  uniqueSlug,
} from '../../test/e2e/support.ts';

export interface ApplicationFields {
  legalName: string;
  artistName: string;
  age: string;
  genre: string;
  instagram: string;
  youtube: string;
  story: string;
}

/** Fills the application form's required fields as a person would (the terms box is left to the test). */
export async function fillApplication(page: Page, fields: ApplicationFields) {
  await page.getByLabel('Legal Name').fill(fields.legalName);
  await page.getByLabel('Artist Name').fill(fields.artistName);
  await page.getByLabel('Age').fill(fields.age);
  await chooseOption(page.getByLabel('Genre'), page.getByRole('option', { name: fields.genre }));
  await page.getByLabel('Instagram URL').fill(fields.instagram);
  await page.getByLabel('YouTube URL').fill(fields.youtube);
  await page.getByLabel('Your Artist Story').fill(fields.story);
}

/** Signs in as the demo artist and lands on `path`: the dashboard by default, once it greets Arlo. */
export async function signInAsDemoArtist(page: Page, path = '/') {
  await page.goto(`/api/login?returnTo=${encodeURIComponent(path)}`);
  await signIn(page, DEMO_ARTIST.email, DEMO_ARTIST.password);
  if (path === '/') await expect(page.getByRole('heading', { name: 'Welcome back, Arlo' })).toBeVisible();
}
