// `npm run restore -- FILE [--force]`: restores a backup made by `npm run backup` into the
// DATA_DIR (default ./data). Refuses while a server runs on it, and when it already holds a
// database unless --force (the old database folder is then kept beside it, renamed). With
// DATABASE_URL set it refuses: PostgreSQL is restored with pg_restore. The work is in
// server/db/backup.ts.
import { restoreDataDir } from '../server/db/backup';
import { runDataDirCommand, userPath } from './data-dir-command';

await runDataDirCommand({
  usage: 'Pemakaian: npm run restore -- FILE [--force]   (DATA_DIR menentukan tujuan)',
  files: { min: 1, max: 1 },
  flags: ['--force'],
  withPostgres: 'Pulihkan dengan pg_restore',
  async run({ dataDir, files, flags }) {
    const file = userPath(files[0] ?? ''); // exactly one FILE: checked by the runner
    // `npm run restore FILE --force` (without `--`) hands --force to npm, which passes it on as npm_config_force.
    const force = flags.has('--force') || process.env.npm_config_force === 'true';
    const { replaced } = await restoreDataDir(dataDir, file, { force });
    console.log(`Cadangan ${file} dipulihkan ke ${dataDir}.`);
    if (replaced) console.log(`Database lama disimpan di ${replaced} (hapus bila tidak diperlukan lagi).`);
    console.log('Jalankan server (npm start); migrasi yang belum ada diterapkan saat mulai.');
  },
});
