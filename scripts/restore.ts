// `npm run restore -- FILE [--force]`: restores a backup made by `npm run backup` into the
// DATA_DIR (default ./data). Refuses while a server runs on it, and when it already holds a
// database unless --force (the old database folder is then kept beside it, renamed). With
// DATABASE_URL set it refuses: PostgreSQL is restored with pg_restore. The work is in
// server/db/backup.ts.
import path from 'node:path';
import { ConfigError, parseEnv } from '../server/config';
import { BackupError, restoreDataDir } from '../server/db/backup';

/** The folder the user ran the command in: npm runs scripts in the project folder and keeps it in INIT_CWD. */
const userDir = process.env.INIT_CWD ?? process.cwd();

const USAGE = 'Pemakaian: npm run restore -- FILE [--force]   (DATA_DIR menentukan tujuan)';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const files = args.filter((arg) => !arg.startsWith('-'));
  const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--force');
  if (files.length !== 1 || unknown.length > 0) throw new BackupError(USAGE);
  // `npm run restore FILE --force` (without `--`) hands --force to npm, which passes it on as npm_config_force.
  const force = args.includes('--force') || process.env.npm_config_force === 'true';
  const env = parseEnv();
  if (env.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL diset: database ada di server PostgreSQL. Pulihkan dengan pg_restore (lihat README, "Backup and restore").',
    );
  }
  const file = path.resolve(userDir, files[0] ?? '');
  const { replaced } = await restoreDataDir(env.dataDir, file, { force });
  console.log(`Cadangan ${file} dipulihkan ke ${env.dataDir}.`);
  if (replaced) console.log(`Database lama disimpan di ${replaced} (hapus bila tidak diperlukan lagi).`);
  console.log('Jalankan server (npm start); migrasi yang belum ada diterapkan saat mulai.');
}

try {
  await main();
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
