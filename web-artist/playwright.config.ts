import { browserSuite } from '../test/e2e/playwright.ts';

export default browserSuite({ port: 3210, desktopIgnore: /mobile\.spec\.ts/ });
