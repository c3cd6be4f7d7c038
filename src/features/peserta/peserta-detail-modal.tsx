import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { fetchPeserta } from '@/api/peserta';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { readPresensiOf } from '@/db/presensi-read';
import { formatDateId, jakartaDate } from '@/domain/dates';
import { kehadiranLines, kehadiranOf } from '@/domain/kehadiran';
import type { Jenjang } from '@/domain/master-data';
import { type Peserta, PESERTA_MSG, PESERTA_TITLES } from '@/domain/peserta';
import { DEFAULT_HARI_KERJA, type Weekday } from '@/domain/presensi';
import { PRESENSI_CALENDAR_MSG } from '@/domain/presensi-calendar';
import { RIWAYAT_MSG, riwayatTimeline } from '@/domain/riwayat';
import { pullPresensiOf } from '@/sync/pull-presensi';
import { pullRiwayat } from '@/sync/pull-riwayat';
import { Alert } from '@/ui/alert';
import { DetailList, DetailModal } from '@/ui/detail-modal';
import { PresensiSection } from '@/ui/presensi-section';
import { Spinner } from '@/ui/spinner';
import { TimelineSection } from '@/ui/timeline';
import { useRefresh } from '@/ui/use-refresh';

interface PesertaDetailModalProps {
  api: ApiClient;
  jenjang: Jenjang;
  id: number;
  /** The row the list already holds (an archive row, not in the mirror): shown until the server's copy arrives. */
  initial?: Peserta;
  onClose: () => void;
  /** The working days (HARI_KERJA); the default until the device learns the server's. */
  hariKerja?: readonly Weekday[];
}

/** The label/value rows of a participant's detail, per level. */
function detailRows(peserta: Peserta, jenjang: Jenjang): [string, string][] {
  const value = (text: string | null | undefined) => (text && text.trim() !== '' ? text : '-');
  const common = {
    divisi: value(peserta.divisi?.nama),
    mentor: value(peserta.mentor?.username),
    masuk: formatDateId(peserta.tanggal_masuk),
    selesai: formatDateId(peserta.tanggal_selesai),
  };
  if (jenjang === 'SMK') {
    return [
      ['Nama', value(peserta.nama)],
      ['NIS', value(peserta.siswa?.nis)],
      ['Jurusan', value(peserta.siswa?.jurusan)],
      ['Sekolah', value(peserta.instansi?.nama)],
      ['Nama Pembimbing', value(peserta.nama_pembimbing)],
      ['Kontak Pembimbing', value(peserta.kontak_pembimbing)],
      ['Divisi', common.divisi],
      ['Mentor', common.mentor],
      ['Tanggal Masuk', common.masuk],
      ['Tanggal Selesai', common.selesai],
    ];
  }
  return [
    ['Nama', value(peserta.nama)],
    ['NIM', value(peserta.mahasiswa?.nim)],
    ['Jurusan', value(peserta.mahasiswa?.jurusan)],
    ['Fakultas', value(peserta.mahasiswa?.fakultas)],
    ['Kampus', value(peserta.instansi?.nama)],
    ['Nama Dosen Pembimbing', value(peserta.nama_pembimbing)],
    ['Kontak Dosen Pembimbing', value(peserta.kontak_pembimbing)],
    ['Divisi', common.divisi],
    ['Mentor', common.mentor],
    [PESERTA_MSG.companySupervisor, value(peserta.pembimbing?.username)],
    ['Tanggal Masuk', common.masuk],
    ['Tanggal Selesai', common.selesai],
  ];
}

/**
 * Detail participant: shows the mirror's row (or the archive's row, `initial`) at once and the
 * server's fresh copy (GET /api/peserta/{id}) when it arrives; 'Gagal memuat data peserta' only
 * when none exists.
 * Below it, the participant's attendance (the Kehadiran line and the counts per status) and its
 * history (Riwayat), both from the mirror and pulled on open.
 */
export function PesertaDetailModal({ api, jenjang, id, initial, onClose, hariKerja = DEFAULT_HARI_KERJA }: PesertaDetailModalProps) {
  const mirrored = useLiveQuery(async () => (await db.peserta.get(id)) ?? null, [id]);
  const [fresh, setFresh] = useState<{ row: Peserta | null; failed: boolean } | null>(null);

  useEffect(() => {
    let live = true;
    fetchPeserta(api, id).then(
      (row) => live && setFresh({ row, failed: false }),
      () => live && setFresh({ row: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [api, id]);

  // The history: shown from the device's mirror, pulled when the detail opens (and when back online).
  const riwayat = useLiveQuery(async () => (await db.riwayat.get(id)) ?? null, [id]);
  const riwayatPull = useRefresh(() => pullRiwayat(api, id));

  // The attendance: the marks in the mirror, pulled when the detail opens (and when back online).
  const marks = useLiveQuery(() => readPresensiOf(db, id), [id]);
  const presensiPull = useRefresh(() => pullPresensiOf(api, id));

  const peserta = fresh?.row ?? mirrored ?? initial ?? null;
  const failed = peserta === null && fresh?.failed === true && mirrored !== undefined;
  // No mark held yet: the figure waits for the pull (a participant without marks shows it after).
  const marksHeld = marks !== undefined && (marks.length > 0 || (!presensiPull.loading && !presensiPull.failed));
  const kehadiran = peserta && marksHeld ? kehadiranLines(kehadiranOf(marks, peserta, jakartaDate(new Date()), hariKerja)) : null;

  return (
    <DetailModal title={PESERTA_TITLES[jenjang].detail} onClose={onClose}>
      {peserta ? (
        <DetailList rows={detailRows(peserta, jenjang)} />
      ) : failed ? (
        <Alert tone="error">{PESERTA_MSG.detailLoadFailed}</Alert>
      ) : (
        <Spinner label={PESERTA_MSG.loading} />
      )}
      <PresensiSection lines={kehadiran} pull={presensiPull} texts={PRESENSI_CALENDAR_MSG} />
      <TimelineSection texts={RIWAYAT_MSG} items={riwayat ? riwayatTimeline(riwayat.entries) : null} pull={riwayatPull} />
    </DetailModal>
  );
}
