import { fetchArsipSertifikat, useArsipQuery } from '@/api/arsip';
import { useApi } from '@/api/api-context';
import { useMemo } from 'react';
import type { PrintTarget } from '@/db/sertifikat-store';
import { ARSIP_LIST_TEXTS, ARSIP_MSG } from '@/domain/arsip';
import { type SertifikatRow, type SertifikatTerbit, splitSertifikatRow } from '@/domain/sertifikat-terbit';
import type { Jenjang } from '@/domain/master-data';
import { ArsipHint, ArsipList, arsipRowNumber } from '@/ui/arsip';
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
  /** The row with the issued certificate the server sent (snapshot included). */
  onPreview: (target: PrintTarget) => void;
  onPrint: (target: PrintTarget) => void;
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
  const arsip = useArsipQuery<SertifikatRow>(
    (params, signal) => fetchArsipSertifikat(api, params, signal),
    { jenjang, q: search, divisiId: filters.divisiId, dari: filters.periode.start, sampai: filters.periode.end },
    online,
  );
  // The page's rows as the list shows them; the certificates with their snapshots kept to print from.
  const { state, issued } = useMemo(() => {
    const split = arsip.rows.map(splitSertifikatRow);
    const byId = new Map<number, SertifikatTerbit>();
    for (const row of arsip.rows) if (row.sertifikat) byId.set(row.id, row.sertifikat);
    return { state: { ...arsip, rows: split.map((part) => part.listRow) }, issued: byId };
  }, [arsip]);
  const columns = sertifikatColumns({
    jenjang,
    rowNumber: (index) => arsipRowNumber(arsip.page, index),
    busyIds,
    onPreview: (row) => onPreview({ row, issued: issued.get(row.id) }),
    onPrint: (row) => onPrint({ row, issued: issued.get(row.id) }),
    onCopy,
  });
  return (
    <ArsipList
      label={label}
      columns={columns}
      rowKey={(row) => row.id}
      state={state}
      online={online}
      texts={ARSIP_LIST_TEXTS}
    />
  );
}

interface SertifikatArsipHintProps {
  jenjang: Jenjang;
  search: string;
  filters: PeriodDivisiFilters;
  /** The device's list is empty (loaded): only then is the archive asked. */
  empty: boolean;
  onOpen: () => void;
}

/** Under an empty certificate list: how many the archive holds for the same search, with 'Buka Arsip' (online only). */
export function SertifikatArsipHint({ jenjang, search, filters, empty, onOpen }: SertifikatArsipHintProps) {
  const api = useApi();
  const online = useOnlineStatus();
  const asked = online && empty;
  const arsip = useArsipQuery<SertifikatRow>(
    (params, signal) => fetchArsipSertifikat(api, params, signal),
    { jenjang, q: search, divisiId: filters.divisiId, dari: filters.periode.start, sampai: filters.periode.end },
    asked,
  );
  return <ArsipHint total={asked && !arsip.loading && !arsip.failed ? arsip.total : null} text={ARSIP_MSG.emptyHint} action={ARSIP_MSG.openArsip} onOpen={onOpen} />;
}
