import { z } from 'zod';
import { createInstansi, mutationErrorText, updateInstansi } from '@/api/master-data';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { saveMirrorRow } from '@/db/mirror';
import { pullInstansi } from '@/sync/pull-master-data';
import type { InstansiRecord } from '@/db/records';
import { instansiSchema, instansiUpdateSchema, MASTER_MSG, type InstansiJenis } from '@/domain/master-data';
import { useAsyncAction } from '@/ui/use-async-action';

/** The institution form: name and type ('' = 'Pilih Jenis'), both required on add. */
const saveInstansiInputSchema = z.object({ nama: z.string(), jenis: z.union([z.literal(''), z.enum(['Kampus', 'Sekolah'])]) });
export type SaveInstansiInput = z.infer<typeof saveInstansiInputSchema>;

/** The one message ('Nama dan jenis instansi wajib diisi') when the form may not be sent, else null. */
export function validateInstansiInput(input: SaveInstansiInput, editing: boolean): string | null {
  const result = editing ? instansiUpdateSchema.safeParse({ nama: input.nama }) : instansiSchema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? MASTER_MSG.instansiRequired);
}

/**
 * POST {nama, jenis} (id null) or PUT {nama} (the type never changes); the answer goes
 * into the mirror at once, then the list is re-pulled.
 */
function saveInstansi(api: ApiClient, input: SaveInstansiInput, id: number | null): Promise<InstansiRecord> {
  const write = () =>
    id === null
      ? createInstansi(api, instansiSchema.parse(input) as { nama: string; jenis: InstansiJenis })
      : updateInstansi(api, id, instansiUpdateSchema.parse({ nama: input.nama }));
  return saveMirrorRow(db, 'instansi', write, () => pullInstansi(api));
}

/** saveInstansi with busy state and the failure text ('Gagal menyimpan instansi'). */
export function useSaveInstansi(api: ApiClient) {
  return useAsyncAction(
    (input: SaveInstansiInput, id: number | null) => saveInstansi(api, input, id),
    (error) => mutationErrorText(error, MASTER_MSG.instansiSaveFailed),
  );
}
