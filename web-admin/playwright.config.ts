import { browserSuite } from '../test/e2e/playwright.ts';

const suite = browserSuite({ port: 3220 });
const server = suite.webServer as { env: Record<string, string> };

// The delivery log's test (e2e/deliveries.spec.ts) waits for the workers to read what its store wrote:
// they read the stores' acknowledgements every second here, not every minute.
server.env.DELIVERY_ACK_POLL_SECONDS = '1';
// That test runs a store of its own; make start's demo store (Deezer) would get every release too.
server.env.DEMO_STORE = '0';

export default suite;
