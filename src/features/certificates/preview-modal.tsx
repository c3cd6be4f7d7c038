import { useEffect, useState } from 'react';
import type { DocumentRequest } from '@/workers/clients';
import { certificateSvgInWorker } from '@/workers/clients';
import { SERTIFIKAT_MSG } from '@/domain/sertifikat';
import { Alert } from '@/ui/alert';
import { Modal } from '@/ui/modal';
import { Spinner } from '@/ui/spinner';
import { CERTIFICATE_TEXT } from './document-requests';

interface PreviewModalProps {
  nama: string;
  /** Null when the device has no organisation yet (nothing to draw). */
  request: DocumentRequest | null;
  onClose: () => void;
}

/**
 * 'Preview Sertifikat' (spec 2): the certificate drawn on the device as SVG by the documents
 * worker and shown as an <img> from a Blob URL — the same layout as the PDF, and it works on
 * phones, where an inline PDF does not.
 */
export function PreviewModal({ nama, request, onClose }: PreviewModalProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(request === null);

  // Made once per opening; the modal is mounted per opening.
  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    certificateSvgInWorker(request, controller.signal)
      .then((svg) => {
        objectUrl = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
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
    <Modal
      open
      size="lg"
      title={SERTIFIKAT_MSG.previewTitle}
      onClose={onClose}
      className="certificate-preview-modal"
      footer={
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {SERTIFIKAT_MSG.close}
        </button>
      }
    >
      {failed ? (
        <Alert tone="error">{SERTIFIKAT_MSG.previewFailed}</Alert>
      ) : url ? (
        <img className="certificate-preview" src={url} alt={CERTIFICATE_TEXT.previewAlt(nama)} />
      ) : (
        <div className="certificate-preview-wait">
          <Spinner label="Memuat preview…" size={28} />
        </div>
      )}
    </Modal>
  );
}
