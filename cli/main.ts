import { CliError, CONSOLE, EXIT, type Output, UsageError } from './io.js';
import { HISTORY_USAGE, REGISTRY_CHECK_USAGE, runHistory, runRegistryCheck } from './lookups.js';
import type { Env } from './platform.js';
import { runSubmit, SUBMIT_USAGE } from './submit.js';
import { runValidate, VALIDATE_USAGE } from './validate.js';

export const USAGE = `Usage (npx payroll COMMAND, or npm run cli -- COMMAND in this repository):

${[VALIDATE_USAGE, SUBMIT_USAGE, HISTORY_USAGE, REGISTRY_CHECK_USAGE].join('\n\n')}

-h after a command prints its part of this text. The commands but validate call the platform as an API
client of an organisation: set PAYROLL_URL (the platform's address), PAYROLL_CLIENT_ID and
PAYROLL_CLIENT_SECRET (from Team → API clients).`;

const COMMANDS: Record<string, (argv: readonly string[], output: Output, env: Env) => Promise<number>> = {
  validate: (argv, output) => runValidate(argv, output),
  submit: runSubmit,
  history: runHistory,
  'registry-check': runRegistryCheck,
};

/** Runs the CLI; resolves to the exit status. cli/bin.ts is the entry point, bundled by scripts/build-cli.mjs. */
export async function main(argv: readonly string[], output: Output = CONSOLE, env: Env = process.env): Promise<number> {
  const [name, ...rest] = argv;
  const json = argv.includes('--json');
  try {
    if (name === undefined || name === '-h' || name === '--help') {
      if (name === undefined) throw new UsageError('Missing the command: validate, submit, history or registry-check.');
      output.out(USAGE);
      return EXIT.ok;
    }
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!command) throw new UsageError(`Unknown command '${name}': the commands are validate, submit, history and registry-check.`);
    return await command(rest, output, env);
  } catch (error) {
    // parseArgs refuses an unknown option or a missing value with a TypeError whose message says which.
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      output.err(`${error.message}\n\n${USAGE}`);
      if (json) output.out(JSON.stringify({ outcome: 'error', error: 'usage', message: error.message }));
      return EXIT.usage;
    }
    if (!(error instanceof CliError)) throw error;
    output.err(error.message);
    if (json) output.out(JSON.stringify({ outcome: 'error', error: error.code, message: error.message }));
    return error.status;
  }
}
