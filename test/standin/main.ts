/**
 * Runs the Pearl service stand-in from the command line, for the README's demo and for an
 * end-to-end suite in another process:
 *
 *     node out/test/standin/main.js [--port 18090] [--token T]
 *
 * Prints `Pearl service stand-in on http://127.0.0.1:PORT (token: T)`, then one line per request,
 * and runs until SIGINT or SIGTERM. The token printed is the stand-in's own, never a real one.
 */
import { defaultStandInToken, startStandIn } from './pearlServiceStandIn';

const usage = 'usage: node out/test/standin/main.js [--port 18090] [--token T]';

/** `--port` and `--token` from `args`; exits with the usage on anything else. */
function parseArguments(args: readonly string[]): { port: number; token: string } {
  let port = 0;
  let token = defaultStandInToken;
  for (let i = 0; i < args.length; i++) {
    const name = args[i];
    const value = args[i + 1];
    if (name === '--help' || name === '-h') exit(usage, 0);
    if ((name === '--port' || name === '--token') && value === undefined) exit(`${name} needs a value\n${usage}`, 2);
    if (name === '--port') {
      port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65535) exit(`--port must be an integer from 0 to 65535\n${usage}`, 2);
      i++;
    } else if (name === '--token') {
      token = value;
      if (token.trim() === '') exit(`--token must not be empty\n${usage}`, 2);
      i++;
    } else {
      exit(`unknown argument ${name}\n${usage}`, 2);
    }
  }
  return { port, token };
}

function exit(message: string, code: number): never {
  (code === 0 ? process.stdout : process.stderr).write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  const { port, token } = parseArguments(process.argv.slice(2));
  const standIn = await startStandIn({ port, token, log: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(`Pearl service stand-in on ${standIn.url} (token: ${standIn.token})\n`);
  const stop = (): void => {
    standIn.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`stand-in: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
