import { fetchArsipPeserta, useArsipQuery } from '@/api/arsip';
import { useApi } from '@/api/api-context';
import { ARSIP_LIST_TEXTS, ARSIP_MSG } from '@/domain/arsip';
import type { Jenjang } from '@/domain/master-data';
import type { Peserta } from '@/domain/peserta';
import { ArsipHint, ArsipList, arsipRowNumber } from '@/ui/arsip';
import { RowActions } from '@/ui/row-actions';
import { useOnlineStatus } from '@/ui/use-online-status';
import type { PesertaFilters } from './filter-peserta';
import { pesertaColumns } from './peserta-columns';

interface PesertaArsipProps {
  jenjang: Jenjang;
  /** The list's search text and filters, sent to the server. */
  search: string;
  filters: PesertaFilters;
  label: string;
  institution: string;
  /** Opens the detail of an archive row. */
  onDetail: (row: Peserta) => void;
}

/**
 * The participant list's archive: the server's participants of the level (GET
 * /api/peserta/arsip?daftar=peserta), searched in the name or school / campus, by division and
 * overlapping period, newest first, 5 a page. Rows open their detail only: editing and deleting
 * stay with the device's list.
 */
export function PesertaArsip({ jenjang, search, filters, label, institution, onDetail }: PesertaArsipProps) {
  const api = useApi();
  const online = useOnlineStatus();
  const arsip = useArsipQuery<Peserta>(
    (params, signal) => fetchArsipPeserta(api, 'peserta', params, signal),
    { jenjang, q: search, divisiId: filters.divisiId, dari: filters.periode.start, sampai: filters.periode.end },
    online,
  );
  const columns = pesertaColumns<Peserta>(
    institution,
    (index) => arsipRowNumber(arsip.page, index),
    (row) => <RowActions onDetail={() => onDetail(row)} />,
  );
  return (
    <ArsipList
      label={label}
      columns={columns}
      rowKey={(row) => row.id}
      state={arsip}
      online={online}
      texts={ARSIP_LIST_TEXTS}
    />
  );
}

interface PesertaArsipHintProps {
  jenjang: Jenjang;
  search: string;
  filters: PesertaFilters;
  /** The device's list is empty (loaded): only then is the archive asked. */
  empty: boolean;
  onOpen: () => void;
}

/** Under an empty participant list: how many the archive holds for the same search, with 'Buka Arsip' (online only). */
export function PesertaArsipHint({ jenjang, search, filters, empty, onOpen }: PesertaArsipHintProps) {
  const api = useApi();
  const online = useOnlineStatus();
  const asked = online && empty;
  const arsip = useArsipQuery<Peserta>(
    (params, signal) => fetchArsipPeserta(api, 'peserta', params, signal),
    { jenjang, q: search, divisiId: filters.divisiId, dari: filters.periode.start, sampai: filters.periode.end },
    asked,
  );
  return <ArsipHint total={asked && !arsip.loading && !arsip.failed ? arsip.total : null} text={ARSIP_MSG.emptyHint} action={ARSIP_MSG.openArsip} onOpen={onOpen} />;
}
