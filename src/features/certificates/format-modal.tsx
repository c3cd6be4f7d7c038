import { SERTIFIKAT_MSG } from '@/domain/sertifikat';
import { Icon, type IconName } from '@/ui/icons';
import { DetailModal } from '@/ui/detail-modal';
import { CERTIFICATE_TEXT } from './document-requests';

export type FormatChoice = 'pdf' | 'pptx' | 'daftarNilai';

interface FormatModalProps {
  nama: string;
  /** The university page also offers the Daftar Nilai. */
  withDaftarNilai: boolean;
  /** Signers whose signature is not on the device (a note says they print as a blank line). */
  unsigned: readonly string[];
  onChoose: (choice: FormatChoice) => void;
  onClose: () => void;
}

function Option({ icon, title, hint, onClick }: { icon: IconName; title: string; hint: string; onClick: () => void }) {
  return (
    <button type="button" className="format-option" onClick={onClick}>
      <span className="format-option-icon">
        <Icon name={icon} size={24} />
      </span>
      <span className="format-option-text">
        <span className="format-option-title">{title}</span>
        <span className="format-option-hint">{hint}</span>
      </span>
    </button>
  );
}

/** 'Pilih Format Download': PDF, PowerPoint and, for Mahasiswa, Daftar Nilai; 'Batal'. */
export function FormatModal({ nama, withDaftarNilai, unsigned, onChoose, onClose }: FormatModalProps) {
  return (
    <DetailModal size="sm" title={SERTIFIKAT_MSG.formatTitle} onClose={onClose} closeLabel="Batal">
      <p className="format-for">{nama}</p>
      <div className="format-options">
        <Option icon="file" title={CERTIFICATE_TEXT.pdf} hint={SERTIFIKAT_MSG.pdfHint} onClick={() => onChoose('pdf')} />
        <Option icon="file" title={CERTIFICATE_TEXT.ppt} hint={SERTIFIKAT_MSG.pptHint} onClick={() => onChoose('pptx')} />
        {withDaftarNilai && (
          <Option icon="file" title={CERTIFICATE_TEXT.daftarNilai} hint={CERTIFICATE_TEXT.daftarNilaiHint} onClick={() => onChoose('daftarNilai')} />
        )}
      </div>
      {unsigned.length > 0 && <p className="format-note muted">{CERTIFICATE_TEXT.missingSignature(unsigned)}</p>}
    </DetailModal>
  );
}
