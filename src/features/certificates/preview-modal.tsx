import { useEffect, useState } from 'react';
import { SERTIFIKAT_MSG } from '@/domain/sertifikat';
import { Alert } from '@/ui/alert';
import { DetailModal } from '@/ui/detail-modal';
import { Spinner } from '@/ui/spinner';
import { CERTIFICATE_TEXT } from './document-requests';

interface PreviewModalProps {
  nama: string;
  /** Makes the preview image (rejects when it cannot be made). */
  load: (signal: AbortSignal) => Promise<Blob>;
  onClose: () => void;
}

/**
 * 'Preview Sertifikat': the certificate as an image shown as an <img> from a Blob URL —
 * the same layout as the PDF, and it works on phones, where an inline PDF does not.
 */
export function PreviewModal({ nama, load, onClose }: PreviewModalProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  // Made once per opening; the modal is mounted per opening.
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    load(controller.signal)
      .then((image) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(image);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, []);

  return (
    <DetailModal size="lg" title={SERTIFIKAT_MSG.previewTitle} onClose={onClose} className="certificate-preview-modal" closeLabel={SERTIFIKAT_MSG.close}>
      {failed ? (
        <Alert tone="error">{SERTIFIKAT_MSG.previewFailed}</Alert>
      ) : url ? (
        <img className="certificate-preview" src={url} alt={CERTIFICATE_TEXT.previewAlt(nama)} />
      ) : (
        <div className="certificate-preview-wait">
          <Spinner label="Memuat preview…" size={28} />
        </div>
      )}
    </DetailModal>
  );
}
