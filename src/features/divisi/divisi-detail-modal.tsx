import type { DivisiRecord } from '@/db/records';
import { Badge } from '@/ui/badge';
import { aktifTone, jenjangTone } from '@/ui/badge-palette';
import { Modal } from '@/ui/modal';
import { compareId } from '@/domain/collate';

/** 'Detail Divisi': the related competencies numbered, or 'Belum ada kompetensi terkait'. */
export function DivisiDetailModal({ divisi, onClose }: { divisi: DivisiRecord; onClose: () => void }) {
  const kompetensi = [...(divisi.divisi_kategori ?? [])]
    .map((link) => link.kompetensi)
    .sort((a, b) => compareId(a.nama, b.nama) || compareId(a.jenjang ?? '', b.jenjang ?? ''));
  return (
    <Modal
      open
      title="Detail Divisi"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Tutup
        </button>
      }
    >
      <dl className="detail-list">
        <div>
          <dt>Nama Divisi</dt>
          <dd>{divisi.nama}</dd>
        </div>
      </dl>
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
    </Modal>
  );
}
