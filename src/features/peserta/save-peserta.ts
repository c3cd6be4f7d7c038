import { createPeserta, pesertaErrorText, updatePeserta } from '@/api/peserta';
import type { ApiClient } from '@/api/client';
import type { Peserta, PesertaCreate, PesertaUpdate } from '@/domain/peserta';
import { PESERTA_MSG } from '@/domain/peserta';
import { useAsyncAction } from '@/ui/use-async-action';
import { refreshPesertaMirror } from './use-peserta';

export { pesertaFormInputSchema as savePesertaInputSchema, type PesertaFormInput as SavePesertaInput } from './peserta-form';

/** What to send: a checked add payload, or the changed fields of participant `id`. */
export type SavePesertaRequest = { kind: 'create'; payload: PesertaCreate } | { kind: 'update'; id: number; payload: PesertaUpdate };

/**
 * POST or PUT /api/peserta (online only), then an incremental pull so the list shows the
 * change before the modal closes. A failed pull does not fail the save: the list catches up
 * on the next pull.
 */
async function savePeserta(api: ApiClient, request: SavePesertaRequest): Promise<Peserta> {
  const saved = request.kind === 'create' ? await createPeserta(api, request.payload) : await updatePeserta(api, request.id, request.payload);
  await refreshPesertaMirror(api).catch(() => undefined);
  return saved;
}

/** savePeserta with busy state ('Saving...') and the failure text (server message, body, 'Gagal menyimpan data'). */
export function useSavePeserta(api: ApiClient) {
  return useAsyncAction(
    (request: SavePesertaRequest) => savePeserta(api, request),
    (error) => pesertaErrorText(error, PESERTA_MSG.saveFailed),
  );
}
