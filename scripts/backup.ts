// `npm run backup [FILE]`: writes a backup of the embedded database of DATA_DIR (default
// ./data, as the server reads it) to FILE, by default magang-backup-<date-time>.tar.gz in the
// current folder. Refuses while a server runs on that DATA_DIR (stop it first) and when
// DATABASE_URL is set (use pg_dump). server/db/backup.ts does the work.
import { backupDataDir, defaultBackupName } from '../server/db/backup';
import { runDataDirCommand, userPath } from './data-dir-command';

await runDataDirCommand({
  usage: 'Pemakaian: npm run backup [-- FILE]   (DATA_DIR menentukan database yang dicadangkan)',
  files: { min: 0, max: 1 },
  withPostgres: 'Cadangkan dengan pg_dump',
  async run({ dataDir, files }) {
    const { file, bytes } = await backupDataDir(dataDir, userPath(files[0] ?? defaultBackupName()));
    console.log(`Cadangan database ${dataDir} ditulis ke ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  },
});
