import type { DivisiRecord } from '@/db/records';
import { Badge } from '@/ui/badge';
import { aktifTone, jenjangTone } from '@/ui/badge-palette';
import { DetailList, DetailModal } from '@/ui/detail-modal';
import { compareId } from '@/domain/collate';

/** 'Detail Divisi': the related competencies numbered, or 'Belum ada kompetensi terkait'. */
export function DivisiDetailModal({ divisi, onClose }: { divisi: DivisiRecord; onClose: () => void }) {
  const kompetensi = [...(divisi.divisi_kategori ?? [])]
    .map((link) => link.kompetensi)
    .sort((a, b) => compareId(a.nama, b.nama) || compareId(a.jenjang ?? '', b.jenjang ?? ''));
  return (
    <DetailModal title="Detail Divisi" onClose={onClose}>
      <DetailList rows={[['Nama Divisi', divisi.nama]]} />
      <h3 className="detail-subtitle">Kompetensi Terkait</h3>
      {kompetensi.length === 0 ? (
        <p className="muted">Belum ada kompetensi terkait</p>
      ) : (
        <ol className="numbered-list">
          {kompetensi.map((k) => (
            <li key={k.id}>
              <span>{k.nama}</span>
              {k.jenjang && <Badge tone={jenjangTone(k.jenjang)}>{k.jenjang}</Badge>}
              {k.aktif === false && <Badge tone={aktifTone(false)}>Nonaktif</Badge>}
            </li>
          ))}
        </ol>
      )}
    </DetailModal>
  );
}
