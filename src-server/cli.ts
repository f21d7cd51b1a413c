/**
 * Operator commands: `npm run cli -- <command> [options]`. Each command gets the same configuration
 * and database as the server; errors print a readable message and exit with status 1.
 */
type Command = { summary: string; usage: string; run(args: string[]): Promise<void> };

const commands: Record<string, Command> = {};

function printHelp(): void {
  const lines = [
    'SchoolBox operator commands',
    '',
    'Usage: npm run cli -- <command> [options]',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, command]) => `  ${command.usage.padEnd(40)} ${command.summary}`),
    `  ${'--help'.padEnd(40)} show this help`,
  ];
  if (Object.keys(commands).length === 0) lines.splice(5, 0, '  (none yet)');
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function run(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    printHelp();
    return 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`Unknown command "${name}". Run "npm run cli -- --help" for the list.\n`);
    return 1;
  }
  await command.run(args);
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
