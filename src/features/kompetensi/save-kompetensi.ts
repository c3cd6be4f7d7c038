import { createKompetensi, deleteKompetensi, updateKompetensi } from '@/api/master-data';
import { masterDataActions, pullDivisiAndKompetensi } from '@/sync/master-data-writes';
import { kompetensiSchema, type KompetensiInput } from '@/domain/master-data';

/** The competency form: name required, level, status, linked division ids. */
export const saveKompetensiInputSchema = kompetensiSchema;

/**
 * POST (id null) or PUT /api/kompetensi, and DELETE /api/kompetensi/{id}; the mirror changes
 * at once, then both lists are re-pulled.
 */
export const kompetensiActions = masterDataActions('kompetensi', {
  create: (api, input: KompetensiInput) => createKompetensi(api, saveKompetensiInputSchema.parse(input)),
  update: (api, id, input) => updateKompetensi(api, id, saveKompetensiInputSchema.parse(input)),
  remove: deleteKompetensi,
  refresh: pullDivisiAndKompetensi,
});
