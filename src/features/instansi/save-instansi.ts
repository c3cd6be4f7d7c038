import { z } from 'zod';
import { createInstansi, deleteInstansi, updateInstansi } from '@/api/master-data';
import { pullInstansi } from '@/sync/pull-master-data';
import { masterDataActions } from '@/sync/master-data-writes';
import { instansiSchema, instansiUpdateSchema, MASTER_MSG, type InstansiJenis } from '@/domain/master-data';

/** The institution form: name and type ('' = 'Pilih Jenis'), both required on add. */
const saveInstansiInputSchema = z.object({ nama: z.string(), jenis: z.union([z.literal(''), z.enum(['Kampus', 'Sekolah'])]) });
export type SaveInstansiInput = z.infer<typeof saveInstansiInputSchema>;

/** The one message ('Nama dan jenis instansi wajib diisi') when the form may not be sent, else null. */
export function validateInstansiInput(input: SaveInstansiInput, editing: boolean): string | null {
  const result = editing ? instansiUpdateSchema.safeParse({ nama: input.nama }) : instansiSchema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? MASTER_MSG.instansiRequired);
}

/**
 * POST {nama, jenis} (id null) or PUT {nama} (the type never changes), and DELETE
 * /api/instansi/{id}; the mirror changes at once, then the list is re-pulled.
 */
export const instansiActions = masterDataActions('instansi', {
  create: (api, input: SaveInstansiInput) => createInstansi(api, instansiSchema.parse(input) as { nama: string; jenis: InstansiJenis }),
  update: (api, id, input) => updateInstansi(api, id, instansiUpdateSchema.parse({ nama: input.nama })),
  remove: deleteInstansi,
  refresh: pullInstansi,
});
