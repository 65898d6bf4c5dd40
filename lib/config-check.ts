/** Imported once by instrumentation.ts in the Node.js runtime: stop at start-up on a bad configuration. */
import { ConfigError, config } from './config';

try {
  config();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
