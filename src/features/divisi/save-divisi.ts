import { z } from 'zod';
import { createDivisi, deleteDivisi, updateDivisi } from '@/api/master-data';
import { masterDataActions, pullDivisiAndKompetensi } from '@/sync/master-data-writes';
import { divisiSchema } from '@/domain/master-data';

/** The division form: the name, required ('Nama divisi wajib diisi'). */
export const saveDivisiInputSchema = divisiSchema;
type SaveDivisiInput = z.infer<typeof saveDivisiInputSchema>;

/**
 * POST (id null) or PUT /api/divisi, and DELETE /api/divisi/{id} (409 while participants use
 * it); the mirror changes at once, then both lists are re-pulled.
 */
export const divisiActions = masterDataActions('divisi', {
  create: (api, input: SaveDivisiInput) => createDivisi(api, saveDivisiInputSchema.parse(input)),
  update: (api, id, input) => updateDivisi(api, id, saveDivisiInputSchema.parse(input)),
  remove: deleteDivisi,
  refresh: pullDivisiAndKompetensi,
});
