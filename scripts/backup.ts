// `npm run backup [FILE]`: writes a backup of the embedded database of DATA_DIR (default
// ./data, as the server reads it) to FILE, by default magang-backup-<date-time>.tar.gz in the
// current folder. Refuses while a server runs on that DATA_DIR (stop it first) and when
// DATABASE_URL is set (use pg_dump). server/db/backup.ts does the work.
import path from 'node:path';
import { ConfigError, parseEnv } from '../server/config';
import { BackupError, backupDataDir, defaultBackupName } from '../server/db/backup';

/** The folder the user ran the command in: npm runs scripts in the project folder and keeps it in INIT_CWD. */
const userDir = process.env.INIT_CWD ?? process.cwd();

const USAGE = 'Pemakaian: npm run backup [-- FILE]   (DATA_DIR menentukan database yang dicadangkan)';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const files = args.filter((arg) => !arg.startsWith('-'));
  if (files.length > 1 || files.length !== args.length) throw new BackupError(USAGE);
  const env = parseEnv();
  if (env.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL diset: database ada di server PostgreSQL. Cadangkan dengan pg_dump (lihat README, "Backup and restore").',
    );
  }
  const { file, bytes } = await backupDataDir(env.dataDir, path.resolve(userDir, files[0] ?? defaultBackupName()));
  console.log(`Cadangan database ${env.dataDir} ditulis ke ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
}

try {
  await main();
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
