/**
 * Imported once by instrumentation.ts in the Node.js runtime: stop at start-up on a bad configuration. The
 * message goes to stderr as plain text, not through the app's logger: its level is itself configuration, and
 * the person starting the server must read which variable is wrong.
 */
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
