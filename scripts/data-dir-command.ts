// What `npm run backup` and `npm run restore` share: --help, the FILE arguments and flags
// checked against the usage, a refusal with DATABASE_URL set (PostgreSQL has its own tools),
// FILE taken from the folder the command was typed in, and a known failure printed as one
// line with exit code 1. server/db/backup.ts does the work.
import path from 'node:path';
import { ConfigError, parseEnv } from '../server/config';
import { BackupError } from '../server/db/backup';

/** The folder the user ran the command in: npm runs scripts in the project folder and keeps it in INIT_CWD. */
const userDir = process.env.INIT_CWD ?? process.cwd();

interface DataDirCommand {
  usage: string;
  /** How many FILE arguments it takes. */
  files: { min: number; max: number };
  /** The flags it knows besides --help / -h. */
  flags?: readonly string[];
  /** What to use instead with DATABASE_URL set ('Cadangkan dengan pg_dump'). */
  withPostgres: string;
  run(input: { dataDir: string; files: string[]; flags: ReadonlySet<string> }): Promise<void>;
}

/** A FILE argument as the user meant it: relative to the folder the command was typed in. */
export function userPath(file: string): string {
  return path.resolve(userDir, file);
}

async function main(command: DataDirCommand, args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(command.usage);
    return;
  }
  const files = args.filter((arg) => !arg.startsWith('-'));
  const flags = new Set(args.filter((arg) => arg.startsWith('-')));
  const unknown = [...flags].filter((flag) => !command.flags?.includes(flag));
  if (files.length < command.files.min || files.length > command.files.max || unknown.length > 0) {
    throw new BackupError(command.usage);
  }
  const env = parseEnv();
  if (env.databaseUrl) {
    throw new BackupError(`DATABASE_URL diset: database ada di server PostgreSQL. ${command.withPostgres} (lihat README, "Backup and restore").`);
  }
  await command.run({ dataDir: env.dataDir, files, flags });
}

/** Runs the command on this process's arguments; a known failure is one line and exit code 1. */
export async function runDataDirCommand(command: DataDirCommand): Promise<void> {
  try {
    await main(command, process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
