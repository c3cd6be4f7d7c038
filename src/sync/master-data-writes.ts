/**
 * The master-data writes of the HR screens (users, instansi, divisi, kompetensi, grade): online
 * only, never queued. One factory per table gives its save (POST when the id is null, else PUT)
 * and its delete; both go through saveMirrorRow / removeMirrorRow, so the server's answer shows
 * in the list at once and the re-pull follows without being awaited. A screen binds each to its
 * API client with `useBoundAction` (busy state and the failure text given here).
 */
import type { ApiClient } from '@/api/client';
import { mutationErrorText } from '@/api/master-data';
import { db } from '@/db/db';
import { removeMirrorRow, saveMirrorRow, type MasterTable, type MasterTables } from '@/db/mirror';
import { MASTER_MSG } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { pullDivisi, pullKompetensi } from './pull-master-data';

/** What a failed save / delete of each table shows when the server gives no message. */
const FAILED_TEXT: Record<MasterTable, { save: string; remove: string }> = {
  users: { save: MASTER_MSG.userSaveFailed, remove: MASTER_MSG.userDeleteFailed },
  instansi: { save: MASTER_MSG.instansiSaveFailed, remove: MASTER_MSG.instansiDeleteFailed },
  divisi: { save: MASTER_MSG.divisiSaveFailed, remove: MASTER_MSG.divisiDeleteFailed },
  kompetensi: { save: MASTER_MSG.kompetensiSaveFailed, remove: MASTER_MSG.kompetensiDeleteFailed },
  grade: { save: MSG.gradeSaveFailed, remove: MSG.gradeDeleteFailed },
};

/**
 * The re-pull after a division or competency changes: both lists, since a competency row shows
 * division names and a division row counts its competencies. Never rejects.
 */
export function pullDivisiAndKompetensi(api: ApiClient): Promise<unknown> {
  return Promise.allSettled([pullDivisi(api), pullKompetensi(api)]);
}

/** What one master-data table needs: its API calls and its re-pull. */
interface MasterDataWrites<K extends MasterTable, Input> {
  /** POST; may check `input` first (a thrown error fails the save before any request). */
  create: (api: ApiClient, input: Input) => Promise<MasterTables[K]>;
  /** PUT of row `id`; may check `input` first, as create. */
  update: (api: ApiClient, id: number, input: Input) => Promise<MasterTables[K]>;
  /** DELETE of row `id`. */
  remove: (api: ApiClient, id: number) => Promise<unknown>;
  /** The re-pull after a save or delete (its failure is ignored). */
  refresh: (api: ApiClient) => Promise<unknown>;
}

/** One write bound to the API client by the screen (useBoundAction), and the text its failure shows. */
interface MasterWrite<A extends unknown[], R> {
  run: (api: ApiClient, ...args: A) => Promise<R>;
  /** 'Tidak dapat menyimpan saat offline' offline, else the server's message, else the table's text. */
  errorText: (error: unknown) => string;
}

/** The save (POST when the id is null, else PUT) and the delete of one master-data table. */
export interface MasterDataActions<K extends MasterTable, Input> {
  save: MasterWrite<[input: Input, id: number | null], MasterTables[K]>;
  remove: MasterWrite<[id: number], number>;
}

export function masterDataActions<K extends MasterTable, Input>(store: K, writes: MasterDataWrites<K, Input>): MasterDataActions<K, Input> {
  const { create, update, remove, refresh } = writes;
  return {
    save: {
      run: (api, input, id) =>
        saveMirrorRow(db, store, () => (id === null ? create(api, input) : update(api, id, input)), () => refresh(api)),
      errorText: (error) => mutationErrorText(error, FAILED_TEXT[store].save),
    },
    remove: {
      run: (api, id) => removeMirrorRow(db, store, id, () => remove(api, id), () => refresh(api)),
      errorText: (error) => mutationErrorText(error, FAILED_TEXT[store].remove),
    },
  };
}
