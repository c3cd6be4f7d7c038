import { useRef, useState, type ChangeEvent } from 'react';
import { useApi } from '@/api/api-context';
import type { PesertaRecord } from '@/db/records';
import { CSV_MSG } from '@/domain/csv-peserta';
import type { Jenjang } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { ARSIP_MSG } from '@/domain/arsip';
import { type Peserta, PESERTA_MSG, PESERTA_TITLES } from '@/domain/peserta';
import { ArsipSwitch, useArsipSwitch } from '@/ui/arsip';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PagedTable } from '@/ui/paged-table';
import { RowActions } from '@/ui/row-actions';
import { Icon } from '@/ui/icons';
import { LoadFailure } from '@/ui/load-failure';
import { PeriodDivisiToolbar, usePeriodDivisiList } from '@/ui/period-divisi-list';
import { MirrorProgress } from '@/ui/mirror-progress';
import { usePopup } from '@/ui/popup';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useDeletePeserta } from './delete-peserta';
import { EXPORT_FAILED_TEXT, useExportPeserta } from './export-peserta';
import { countActiveFilters, filterPeserta } from './filter-peserta';
import { ImportProgressModal, ImportResultModal } from './import-dialogs';
import { useImportPeserta } from './import-peserta';
import type { ImportReport } from './import-report';
import { PesertaArsip, PesertaArsipHint } from './peserta-arsip';
import { pesertaColumns } from './peserta-columns';
import { PesertaDetailModal } from './peserta-detail-modal';
import { PesertaFormModal } from './peserta-form-modal';
import { usePeserta, usePesertaPullProgress } from './use-peserta';
import './peserta.css';

/** The open dialog; an archive row's detail starts from the row the archive answered. */
type ModalState = { mode: 'form'; peserta: PesertaRecord | null } | { mode: 'detail'; id: number; initial?: Peserta } | null;

interface PesertaPageProps {
  jenjang: Jenjang;
  /** The archive is shown (the URL's `?arsip=1`); with `onArsipChange` the route holds it. */
  arsip?: boolean;
  onArsipChange?: (on: boolean) => void;
}

/**
 * '/peserta/siswa' and '/peserta/mahasiswa' (Pembimbing, HR): 'Daftar Peserta Siswa' /
 * 'Daftar Peserta Mahasiswa'. Reads the mirror; pulls on mount, on 'online', after
 * each change and after an import. Add / edit / delete need the network; export works offline.
 * The 'Arsip' switch lists the server's participants instead (online, detail only).
 */
export function PesertaPage({ jenjang, arsip: arsipProp, onArsipChange }: PesertaPageProps) {
  const [arsip, setArsip] = useArsipSwitch(arsipProp, onArsipChange);
  const api = useApi();
  const titles = PESERTA_TITLES[jenjang];
  useDocumentTitle(titles.list);
  const { rows, divisi, loading, failed, refresh } = usePeserta(api, jenjang);
  const pullProgress = usePesertaPullProgress();
  const [modal, setModal] = useState<ModalState>(null);
  const [deleting, setDeleting] = useState<PesertaRecord | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const remove = useDeletePeserta(api);
  const importer = useImportPeserta(api, jenjang);
  const exporter = useExportPeserta(jenjang);
  const popup = usePopup();
  const institution = jenjang === 'SMK' ? 'Sekolah' : 'Kampus';

  const list = usePeriodDivisiList(rows, filterPeserta);
  const { pagination } = list;
  const hasRows = (rows?.length ?? 0) > 0;

  async function confirmDelete() {
    if (!deleting) return;
    if ((await remove.run(deleting.id)) === undefined) return;
    setDeleting(null);
    popup.success(MSG.entityDeleted('Peserta'));
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again
    if (!file) return;
    const outcome = await importer.run(file);
    if (!outcome) return;
    if ('failure' in outcome) popup.error(outcome.failure.message, outcome.failure.title);
    else if (outcome.report.failed === 0) popup.success(`${CSV_MSG.importSuccess} ${outcome.report.created} peserta ditambahkan.`);
    else setReport(outcome.report);
  }

  async function onDownload() {
    if (!(await exporter.run(rows ?? []))) popup.error(EXPORT_FAILED_TEXT);
  }

  const columns = pesertaColumns<PesertaRecord>(
    institution,
    (index) => pagination.from + index,
    (row) => (
      <RowActions
        onDetail={() => setModal({ mode: 'detail', id: row.id })}
        onEdit={() => setModal({ mode: 'form', peserta: row })}
        onDelete={() => {
          remove.reset();
          setDeleting(row);
        }}
      />
    ),
  );

  return (
    <section className="page peserta-page">
      <header className="page-header">
        <h1>{titles.list}</h1>
        <div className="page-header-actions">
          <button type="button" className="btn btn-primary" onClick={() => setModal({ mode: 'form', peserta: null })}>
            <Icon name="plus" size={18} />
            Add
          </button>
          <button type="button" className="btn btn-secondary" disabled={importer.running} onClick={() => fileRef.current?.click()}>
            <Icon name="upload" size={18} />
            Upload
          </button>
          <button type="button" className="btn btn-secondary" disabled={exporter.busy || rows === undefined} onClick={() => void onDownload()}>
            <Icon name="download" size={18} />
            Download
          </button>
          <input
            ref={fileRef}
            type="file"
            accept=".csv"
            className="sr-only"
            tabIndex={-1}
            aria-label="File CSV untuk import"
            onChange={(event) => void onFile(event)}
          />
        </div>
      </header>

      <ArsipSwitch on={arsip} onChange={setArsip} label={ARSIP_MSG.label} explain={ARSIP_MSG.explain} />

      <PeriodDivisiToolbar list={list} placeholder={titles.search} countFilters={countActiveFilters} divisi={divisi} />

      {arsip ? (
        <PesertaArsip
          jenjang={jenjang}
          search={list.search}
          filters={list.filters}
          label={titles.list}
          institution={institution}
          onDetail={(row) => setModal({ mode: 'detail', id: row.id, initial: row })}
        />
      ) : (
        <>
          <LoadFailure failed={failed} hasRows={hasRows} message={PESERTA_MSG.loadFailed} staleMessage={MSG.staleMirror} onRetry={() => void refresh()} />

          {pullProgress && <MirrorProgress loaded={pullProgress.loaded} total={pullProgress.total} />}

          <PagedTable
            label={titles.list}
            columns={columns}
            rowKey={(row) => row.id}
            loading={rows === undefined || (loading && !hasRows)}
            pagination={pagination}
          />
          <PesertaArsipHint
            jenjang={jenjang}
            search={list.search}
            filters={list.filters}
            empty={rows !== undefined && !loading && pagination.total === 0}
            onOpen={() => setArsip(true)}
          />
        </>
      )}

      {modal?.mode === 'form' && (
        <PesertaFormModal
          api={api}
          jenjang={jenjang}
          peserta={modal.peserta}
          onClose={() => setModal(null)}
          onSaved={(added) => {
            setModal(null);
            popup.success(added ? MSG.entityAdded('Peserta') : MSG.entityUpdated('Peserta'));
          }}
        />
      )}
      {modal?.mode === 'detail' && (
        <PesertaDetailModal api={api} jenjang={jenjang} id={modal.id} initial={modal.initial} onClose={() => setModal(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={titles.delete}
        message={PESERTA_MSG.deleteConfirm}
        confirmLabel="Ya, Hapus"
        busyLabel="Menghapus..."
        tone="danger"
        busy={remove.busy}
        error={remove.error}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      {importer.progress && <ImportProgressModal progress={importer.progress} onCancel={importer.cancel} />}
      {report && <ImportResultModal report={report} onClose={() => setReport(null)} />}
      {popup.element}
    </section>
  );
}
