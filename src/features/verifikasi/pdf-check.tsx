import { type DragEvent, useId, useState } from 'react';
import { sha256Hex } from '@/domain/sha256';
import { VERIFIKASI_MSG } from '@/domain/verifikasi';

type PdfState = { kind: 'idle' } | { kind: 'checking'; name: string } | { kind: 'done'; name: string; cocok: boolean } | { kind: 'failed' };

/** A touch screen (a phone or tablet): no file is dragged there, so dragging is not offered. */
function touchScreen(): boolean {
  return navigator.maxTouchPoints > 0 || window.matchMedia('(pointer: coarse)').matches;
}

/**
 * 'Periksa file PDF': hashes a chosen or dropped file on this device and says whether it is byte
 * for byte the issued PDF (its SHA-256 equals the certificate's `pdf_sha256`). The file never
 * leaves the device.
 */
export function PdfCheck({ sha256, dicabut }: { sha256: string; dicabut: boolean }) {
  const inputId = useId();
  const [state, setState] = useState<PdfState>({ kind: 'idle' });
  const [over, setOver] = useState(false);
  const available = typeof crypto !== 'undefined' && crypto.subtle !== undefined;

  const check = async (file: File | undefined) => {
    if (!file) return;
    setState({ kind: 'checking', name: file.name });
    try {
      const hash = await sha256Hex(await file.arrayBuffer());
      setState({ kind: 'done', name: file.name, cocok: hash === sha256 });
    } catch {
      setState({ kind: 'failed' });
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void check(event.dataTransfer.files[0]);
  };

  return (
    <section className="verifikasi-card" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{VERIFIKASI_MSG.pdfTitle}</h2>
      <p className="muted">{VERIFIKASI_MSG.pdfIntro}</p>
      {available ? (
        <div
          className={`verifikasi-drop${over ? ' is-over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          <label htmlFor={inputId} className="btn btn-secondary">
            {VERIFIKASI_MSG.pdfChoose}
          </label>
          <input
            id={inputId}
            className="verifikasi-file"
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event) => {
              void check(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {!touchScreen() && <span className="muted verifikasi-drop-text">{VERIFIKASI_MSG.pdfDrop}</span>}
        </div>
      ) : (
        <p className="verifikasi-note">{VERIFIKASI_MSG.pdfUnavailable}</p>
      )}
      <div role="status" aria-live="polite" className="verifikasi-pdf-result">
        {state.kind === 'checking' && <p>{VERIFIKASI_MSG.pdfChecking}</p>}
        {state.kind === 'failed' && <p className="verifikasi-bad">{VERIFIKASI_MSG.pdfFailed}</p>}
        {state.kind === 'done' && (
          <>
            <p className={state.cocok ? 'verifikasi-good' : 'verifikasi-bad'}>
              <strong>{state.cocok ? VERIFIKASI_MSG.pdfCocok : VERIFIKASI_MSG.pdfTidakCocok}</strong>
            </p>
            <p className="muted verifikasi-filename">{VERIFIKASI_MSG.pdfFile(state.name)}</p>
            {state.cocok && dicabut && <p className="verifikasi-bad">{VERIFIKASI_MSG.pdfDicabut}</p>}
          </>
        )}
      </div>
    </section>
  );
}
