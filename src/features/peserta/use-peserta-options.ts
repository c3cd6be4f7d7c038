import { useLiveQuery } from 'dexie-react-hooks';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullDivisi, pullInstansi, pullUsers } from '@/sync/pull-master-data';
import { type Jenjang } from '@/domain/master-data';
import { compareByNama } from '@/domain/master-records';
import { INSTANSI_JENIS_OF } from '@/domain/peserta';
import { useRefresh } from '@/ui/use-refresh';
import { compareIdBase } from '@/domain/collate';

/** One choice of a dropdown. */
interface Option {
  value: string;
  label: string;
}

/** A dropdown's choices and whether they are still loading (nothing in the mirror yet and a pull running). */
export interface OptionList {
  options: Option[];
  loading: boolean;
}

/** The choices of the participant form: institutions of the level's kind, divisions, Mentor users, Pembimbing users. */
interface PesertaOptions {
  instansi: OptionList;
  divisi: OptionList;
  mentor: OptionList;
  pembimbing: OptionList;
}

const byLabel = (a: Option, b: Option) => compareIdBase(a.label, b.label);

/**
 * The form's dropdowns, read from the mirror (so they work offline with what was pulled) and
 * refreshed when the form opens: GET /api/instansi, /api/divisi and /api/users.
 */
export function usePesertaOptions(api: ApiClient, jenjang: Jenjang): PesertaOptions {
  const jenis = INSTANSI_JENIS_OF[jenjang];
  const instansi = useLiveQuery(async () => (await db.instansi.where('jenis').equals(jenis).toArray()).sort(compareByNama), [jenis]);
  const divisi = useLiveQuery(async () => (await db.divisi.toArray()).sort(compareByNama), []);
  const users = useLiveQuery(() => db.users.toArray(), []);
  const master = useRefresh(() => Promise.all([pullInstansi(api), pullDivisi(api)]));
  const people = useRefresh(() => pullUsers(api));

  const list = (rows: Option[] | undefined, loading: boolean): OptionList => ({
    options: rows ?? [],
    loading: rows === undefined || (rows.length === 0 && loading),
  });
  const usersWithRole = (role: string) =>
    users?.filter((user) => user.role.toLowerCase() === role.toLowerCase()).map((user) => ({ value: String(user.id), label: user.username })).sort(byLabel);

  return {
    instansi: list(instansi?.map((row) => ({ value: String(row.id), label: row.nama })), master.loading),
    divisi: list(divisi?.map((row) => ({ value: String(row.id), label: row.nama })), master.loading),
    mentor: list(usersWithRole('Mentor'), people.loading),
    pembimbing: list(usersWithRole('Pembimbing'), people.loading),
  };
}
