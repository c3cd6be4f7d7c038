import type { SertifikatRecord } from '@/db/records';
import type { Jenjang } from '@/domain/master-data';
import { SERTIFIKAT_MSG, periodeKolom } from '@/domain/sertifikat';
import type { DataTableColumn } from '@/ui/data-table';
import { IconButton } from '@/ui/icon-button';
import { Spinner } from '@/ui/spinner';
import { KodeCell, StatusCell } from './sertifikat-cells';

interface SertifikatColumnsOptions {
  jenjang: Jenjang;
  /** The 'No' of the row at `index` on the page shown. */
  rowNumber: (index: number) => number;
  /** Rows whose document is being made (their print button waits). */
  busyIds: ReadonlySet<number>;
  onPreview: (row: SertifikatRecord) => void;
  onPrint: (row: SertifikatRecord) => void;
  onCopy: (url: string) => void;
  /** 'Terbitkan ulang' (HR, the device's list); absent: no such button. */
  onReissue?: (row: SertifikatRecord) => void;
}

/**
 * The columns of the certificate lists, the device's and the archive's: No, Nama Peserta, the
 * school / campus, Divisi, Periode Magang, Status Sertifikat, Kode Verifikasi and the actions
 * (preview, print, and 'Terbitkan ulang' where given).
 */
export function sertifikatColumns({ jenjang, rowNumber, busyIds, onPreview, onPrint, onCopy, onReissue }: SertifikatColumnsOptions): DataTableColumn<SertifikatRecord>[] {
  return [
    { id: 'no', header: 'No', width: '4rem', cell: (_, i) => rowNumber(i) },
    { id: 'nama', header: 'Nama Peserta', card: 'title', cell: (row) => row.nama },
    { id: 'instansi', header: jenjang === 'SMK' ? 'Sekolah' : 'Kampus', cell: (row) => row.instansi.nama },
    { id: 'divisi', header: 'Divisi', cell: (row) => row.divisi.nama },
    { id: 'periode', header: 'Periode Magang', cell: (row) => periodeKolom(row.tanggal_masuk, row.tanggal_selesai) },
    { id: 'status', header: 'Status Sertifikat', cell: (row) => <StatusCell row={row} /> },
    { id: 'kode', header: SERTIFIKAT_MSG.kodeVerifikasi, cell: (row) => <KodeCell row={row} onCopy={onCopy} /> },
    {
      id: 'aksi',
      header: 'Action',
      card: 'actions',
      width: onReissue ? '9.5rem' : '6.5rem',
      cell: (row) => {
        const busy = busyIds.has(row.id);
        return (
          <>
            <IconButton label={SERTIFIKAT_MSG.previewTitle} icon="detail" tone="info" onClick={() => onPreview(row)} />
            <span className="print-cell">
              <IconButton
                label={SERTIFIKAT_MSG.printLabel}
                icon="printer"
                tone="primary"
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={() => onPrint(row)}
              />
              {busy && (
                <span className="print-cell-spinner">
                  <Spinner size={16} />
                </span>
              )}
            </span>
            {onReissue && <IconButton label={SERTIFIKAT_MSG.reissue} icon="reissue" tone="danger" onClick={() => onReissue(row)} />}
          </>
        );
      },
    },
  ];
}
