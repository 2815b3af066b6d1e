import { browserSuite } from '../test/e2e/playwright.ts';

export default browserSuite({ port: 3220 });
