import type { SertifikatRecord } from '@/db/records';
import { SERTIFIKAT_MSG } from '@/domain/sertifikat';
import { Badge } from '@/ui/badge';
import { statusTone } from '@/ui/badge-palette';
import { IconButton } from '@/ui/icon-button';

/** The signature line of an issued certificate: complete, or the steps signed without an image. */
export function signatureStatus(row: SertifikatRecord): { complete: boolean; text: string } | null {
  if (!row.sertifikat) return null;
  const missing = row.sertifikat.missingSignatures;
  return missing.length === 0
    ? { complete: true, text: SERTIFIKAT_MSG.signaturesComplete }
    : { complete: false, text: SERTIFIKAT_MSG.signaturesMissing(missing) };
}

/** 'Status Sertifikat': ready to print (or not issued yet), and whether both signatures are on it. */
export function StatusCell({ row }: { row: SertifikatRecord }) {
  const label = row.sertifikat ? SERTIFIKAT_MSG.siapDicetak : SERTIFIKAT_MSG.belumTerbit;
  const signatures = signatureStatus(row);
  return (
    <div className="sertifikat-status">
      <Badge tone={row.sertifikat ? statusTone(label) : 'warning'}>{label}</Badge>
      {signatures && (
        <span className={`sertifikat-ttd ${signatures.complete ? 'sertifikat-ttd-ok' : 'sertifikat-ttd-missing'}`}>{signatures.text}</span>
      )}
    </div>
  );
}

/** 'Kode Verifikasi': the code (selectable, as printed on the documents) and 'Salin tautan verifikasi'. */
export function KodeCell({ row, onCopy }: { row: SertifikatRecord; onCopy: (url: string) => void }) {
  const terbit = row.sertifikat;
  if (!terbit) return <span className="muted">—</span>;
  return (
    <div className="sertifikat-kode">
      <code className="sertifikat-kode-text" translate="no">
        {terbit.kode}
      </code>
      <IconButton label={SERTIFIKAT_MSG.copyLink} icon="copy" onClick={() => onCopy(terbit.url)} />
    </div>
  );
}
