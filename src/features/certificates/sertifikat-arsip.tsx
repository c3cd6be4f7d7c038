import { fetchArsipSertifikat, useArsipQuery } from '@/api/arsip';
import { useApi } from '@/api/api-context';
import type { SertifikatRecord } from '@/db/records';
import { ARSIP_LIST_TEXTS } from '@/domain/arsip';
import type { Jenjang } from '@/domain/master-data';
import { ArsipList, arsipRowNumber } from '@/ui/arsip';
import type { PeriodDivisiFilters } from '@/ui/period-divisi-filter';
import { useOnlineStatus } from '@/ui/use-online-status';
import { sertifikatColumns } from './sertifikat-columns';

interface SertifikatArsipProps {
  jenjang: Jenjang;
  label: string;
  /** The list's search text and filters, sent to the server. */
  search: string;
  filters: PeriodDivisiFilters;
  /** Rows whose document is being made. */
  busyIds: ReadonlySet<number>;
  onPreview: (row: SertifikatRecord) => void;
  onPrint: (row: SertifikatRecord) => void;
  onCopy: (url: string) => void;
}

/**
 * The certificate list's archive: every completed participant of the level on the server (GET
 * /api/sertifikat/arsip), searched in the name or school / campus, by division and an internship
 * lying fully inside the period, by name, 5 a page. Preview and print take the same path as the
 * device's rows: made on the device when it holds all a document prints, else by the server.
 */
export function SertifikatArsip({ jenjang, label, search, filters, busyIds, onPreview, onPrint, onCopy }: SertifikatArsipProps) {
  const api = useApi();
  const online = useOnlineStatus();
  const arsip = useArsipQuery<SertifikatRecord>(
    (params, signal) => fetchArsipSertifikat(api, params, signal),
    { jenjang, q: search, divisiId: filters.divisiId, dari: filters.periode.start, sampai: filters.periode.end },
    online,
  );
  const columns = sertifikatColumns({ jenjang, rowNumber: (index) => arsipRowNumber(arsip.page, index), busyIds, onPreview, onPrint, onCopy });
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
