/**
 * The master-data writes of the HR screens (users, instansi, divisi, kompetensi, grade): online
 * only, never queued. One factory per table gives its save (POST when the id is null, else PUT)
 * and its delete; both go through saveMirrorRow / removeMirrorRow, so the server's answer shows
 * in the list at once and the re-pull follows without being awaited. The screens wrap them in
 * `useAsyncAction` with the failure texts given here.
 */
import type { ApiClient } from '@/api/client';
import { mutationErrorText } from '@/api/master-data';
import { db } from '@/db/db';
import { removeMirrorRow, saveMirrorRow, type MasterTable, type MasterTables } from '@/db/mirror';

/** What one master-data table needs: its API calls, its re-pull and its failure fallbacks. */
export interface MasterDataWrites<K extends MasterTable, Input> {
  store: K;
  /** POST; may check `input` first (a thrown error fails the save before any request). */
  create: (api: ApiClient, input: Input) => Promise<MasterTables[K]>;
  /** PUT of row `id`; may check `input` first, as create. */
  update: (api: ApiClient, id: number, input: Input) => Promise<MasterTables[K]>;
  /** DELETE of row `id`. */
  remove: (api: ApiClient, id: number) => Promise<unknown>;
  /** The re-pull after a save or delete (its failure is ignored). */
  refresh: (api: ApiClient) => Promise<unknown>;
  /** The texts shown when the server gives no message: save and delete. */
  failedText: { save: string; remove: string };
}

/** The save and delete of one master-data table, and the text each shows when it fails. */
export interface MasterDataActions<K extends MasterTable, Input> {
  save: (api: ApiClient, input: Input, id: number | null) => Promise<MasterTables[K]>;
  remove: (api: ApiClient, id: number) => Promise<number>;
  /** 'Tidak dapat menyimpan saat offline' offline, else the server's message, else failedText.save. */
  saveErrorText: (error: unknown) => string;
  /** As saveErrorText, with failedText.remove. */
  removeErrorText: (error: unknown) => string;
}

export function masterDataActions<K extends MasterTable, Input>(writes: MasterDataWrites<K, Input>): MasterDataActions<K, Input> {
  const { store, create, update, remove, refresh, failedText } = writes;
  return {
    save: (api, input, id) =>
      saveMirrorRow(db, store, () => (id === null ? create(api, input) : update(api, id, input)), () => refresh(api)),
    remove: (api, id) => removeMirrorRow(db, store, id, () => remove(api, id), () => refresh(api)),
    saveErrorText: (error) => mutationErrorText(error, failedText.save),
    removeErrorText: (error) => mutationErrorText(error, failedText.remove),
  };
}
