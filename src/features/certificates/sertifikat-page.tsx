import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useApi } from '@/api/api-context';
import { db } from '@/db/db';
import { HR } from '@/domain/approval-chain';
import { normalizeRole } from '@/domain/role-access';
import type { GradeRecord, SertifikatRecord } from '@/db/records';
import { type DocumentSource, type PrintTarget, readDocumentSource } from '@/db/sertifikat-store';
import type { Jenjang } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { PESERTA_MSG, PESERTA_TITLES } from '@/domain/peserta';
import { ARSIP_MSG } from '@/domain/arsip';
import { SERTIFIKAT_MSG } from '@/domain/sertifikat';
import { Alert } from '@/ui/alert';
import { ArsipSwitch, useArsipSwitch } from '@/ui/arsip';
import { Icon } from '@/ui/icons';
import { LoadFailure } from '@/ui/load-failure';
import { PeriodDivisiToolbar, usePeriodDivisiList } from '@/ui/period-divisi-list';
import { PagedTable } from '@/ui/paged-table';
import { useToast } from '@/ui/toast';
import { useDocumentTitle } from '@/ui/use-document-title';
import { CopyManualModal, copyText } from './copy-link';
import { CERTIFICATE_TEXT, failureText } from './document-requests';
import { planDocument } from './document-source';
import { countSertifikatFilters, filterSertifikat } from './filter-sertifikat';
import { type FormatChoice, FormatModal } from './format-modal';
import { GradeTemplateModal } from './grade-template-modal';
import { PreviewModal } from './preview-modal';
import { PrintAllModal } from './print-all-modal';
import { ReissueDialog } from './reissue-dialog';
import { SertifikatArsip, SertifikatArsipHint } from './sertifikat-arsip';
import { sertifikatColumns } from './sertifikat-columns';
import { makePreview, usePrintSertifikat } from './use-print-sertifikat';
import { useSertifikat } from './use-sertifikat';
import './certificates.css';

/** Signers printed as a blank line: only offline, when the device lacks their signature. */
function unsignedOffline(source: DocumentSource): string[] {
  const plan = planDocument(source, { kind: 'pdf' }, navigator.onLine);
  return plan.source === 'device' ? plan.unsigned : [];
}

type ModalState =
  | { mode: 'preview'; target: PrintTarget }
  | { mode: 'format'; target: PrintTarget; unsigned: string[] }
  | { mode: 'grade'; target: PrintTarget }
  | { mode: 'all' }
  | { mode: 'reissue'; row: SertifikatRecord }
  | { mode: 'copy'; url: string }
  | null;

interface SertifikatPageProps {
  jenjang: Jenjang;
  /** The viewer's role: HR also gets 'Terbitkan ulang'. */
  role: string | null;
  /** The archive is shown (the URL's `?arsip=1`); with `onArsipChange` the route holds it. */
  arsip?: boolean;
  onArsipChange?: (on: boolean) => void;
}

/**
 * '/certificates/siswa' and '/certificates/mahasiswa' (Pembimbing, HR, BusHead): 'Sertifikat
 * Siswa' / 'Sertifikat Mahasiswa'. Lists the fully approved participants of the level
 * from the mirror (rows without snapshots), each with its certificate's verification code
 * ('Salin tautan verifikasi') and whether both signatures are on it; previews and prints are made
 * on the device by the documents worker from the issued certificate's snapshot and images, read
 * when the user asks (the grade templates too), so they work with the server
 * unreachable once the mirror was filled, and by the server's endpoints while the device lacks
 * an image a document prints. HR may 'Terbitkan ulang' (online only). The 'Arsip' switch lists
 * every completed participant on the server instead (online; preview and print, no reissue).
 */
export function SertifikatPage({ jenjang, role, arsip: arsipProp, onArsipChange }: SertifikatPageProps) {
  const [arsip, setArsip] = useArsipSwitch(arsipProp, onArsipChange);
  const api = useApi();
  const title = jenjang === 'SMK' ? SERTIFIKAT_MSG.titleSiswa : SERTIFIKAT_MSG.titleMahasiswa;
  useDocumentTitle(title);
  const { rows, divisi, loading, failed, refresh } = useSertifikat(api, jenjang);
  const printer = usePrintSertifikat(api);
  const [modal, setModal] = useState<ModalState>(null);
  const toast = useToast();
  const canReissue = normalizeRole(role) === HR;
  // The Daftar Nilai's choices, read only while its modal is open.
  const choosingGrade = modal?.mode === 'grade';
  const templates = useLiveQuery<GradeRecord[] | undefined>(() => (choosingGrade ? db.grade.toArray() : undefined), [choosingGrade]);

  const list = usePeriodDivisiList(rows, filterSertifikat);
  const { visible, pagination } = list;
  const hasRows = (rows?.length ?? 0) > 0;

  function choose(target: PrintTarget, choice: FormatChoice) {
    if (choice === 'daftarNilai') {
      setModal({ mode: 'grade', target });
      return;
    }
    setModal(null);
    void printer.print(target, { kind: choice });
  }

  /** 'Pilih Format Download', with the signers a document made now would print as a blank line. */
  async function askFormat(target: PrintTarget) {
    try {
      const unsigned = unsignedOffline(await readDocumentSource(db, target));
      setModal({ mode: 'format', target, unsigned });
    } catch (error) {
      printer.setBanner({ tone: 'error', text: SERTIFIKAT_MSG.generateFailed(failureText(error)) });
    }
  }

  async function copyLink(url: string) {
    if (await copyText(url)) toast.show(SERTIFIKAT_MSG.linkCopied);
    else setModal({ mode: 'copy', url });
  }

  function askReissue(row: SertifikatRecord) {
    // Online only: without a connection nothing is asked, the banner says why.
    if (!navigator.onLine) printer.setBanner({ tone: 'error', text: SERTIFIKAT_MSG.reissueOffline });
    else setModal({ mode: 'reissue', row });
  }

  async function reissued(row: SertifikatRecord, message: string, kode: string) {
    await refresh();
    setModal(null);
    printer.setBanner({ tone: 'success', text: message, note: SERTIFIKAT_MSG.reissuedKode(row.nama, kode) });
  }

  const columnActions = {
    jenjang,
    busyIds: printer.busyIds,
    onPreview: (target: PrintTarget) => setModal({ mode: 'preview', target }),
    onPrint: (target: PrintTarget) => void askFormat(target),
    onCopy: (url: string) => void copyLink(url),
  };
  const columns = sertifikatColumns({
    ...columnActions,
    onPreview: (row) => columnActions.onPreview({ row }),
    onPrint: (row) => columnActions.onPrint({ row }),
    rowNumber: (index) => pagination.from + index,
    onReissue: canReissue ? askReissue : undefined,
  });

  const banner = printer.banner;
  return (
    <section className="page certificates-page">
      <header className="page-header">
        <h1>{title}</h1>
        <div className="page-header-actions">
          <button type="button" className="btn btn-primary" disabled={arsip || !rows || visible.length === 0} onClick={() => setModal({ mode: 'all' })}>
            <Icon name="printer" size={18} />
            {CERTIFICATE_TEXT.printAll}
          </button>
        </div>
      </header>

      <ArsipSwitch on={arsip} onChange={setArsip} label={ARSIP_MSG.label} explain={ARSIP_MSG.explain} />

      <PeriodDivisiToolbar list={list} placeholder={PESERTA_TITLES[jenjang].search} countFilters={countSertifikatFilters} divisi={divisi} />

      {banner && (
        <Alert tone={banner.tone} onDismiss={printer.dismiss} className="certificates-banner">
          {banner.text}
          {banner.note && <span className="certificates-banner-note">{banner.note}</span>}
        </Alert>
      )}

      {arsip ? (
        <SertifikatArsip label={title} search={list.search} filters={list.filters} {...columnActions} />
      ) : (
        <>
          <LoadFailure failed={failed} hasRows={hasRows} message={PESERTA_MSG.loadFailed} staleMessage={MSG.staleMirror} onRetry={() => void refresh()} />

          <PagedTable
            label={title}
            columns={columns}
            rowKey={(row) => row.id}
            loading={rows === undefined || (loading && !hasRows)}
            loadingText={CERTIFICATE_TEXT.loading}
            pagination={pagination}
          />
          <SertifikatArsipHint
            jenjang={jenjang}
            search={list.search}
            filters={list.filters}
            empty={rows !== undefined && !loading && visible.length === 0}
            onOpen={() => setArsip(true)}
          />
        </>
      )}

      {modal?.mode === 'preview' && (
        <PreviewModal nama={modal.target.row.nama} load={(signal) => makePreview(modal.target, api, signal)} onClose={() => setModal(null)} />
      )}
      {modal?.mode === 'format' && (
        <FormatModal
          nama={modal.target.row.nama}
          withDaftarNilai={jenjang === 'Mahasiswa'}
          unsigned={modal.unsigned}
          onChoose={(choice) => choose(modal.target, choice)}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.mode === 'grade' && templates && (
        <GradeTemplateModal
          jenjang={jenjang}
          templates={templates}
          onPrint={(thresholds) => {
            setModal(null);
            void printer.print(modal.target, { kind: 'daftarNilai', thresholds });
          }}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.mode === 'all' && rows && (
        <PrintAllModal
          jenjang={jenjang}
          rows={visible}
          refill={refresh}
          onDone={(count) => {
            setModal(null);
            printer.setBanner({ tone: 'success', text: CERTIFICATE_TEXT.printAllDone(count) });
          }}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.mode === 'reissue' && (
        <ReissueDialog
          row={modal.row}
          api={api}
          onReissued={(message, terbit) => reissued(modal.row, message, terbit.kode)}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.mode === 'copy' && <CopyManualModal url={modal.url} onClose={() => setModal(null)} />}
      {printer.popup}
      {toast.element}
    </section>
  );
}
