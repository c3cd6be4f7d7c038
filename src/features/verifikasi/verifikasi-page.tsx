import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { normalizeKode } from '@/domain/sertifikat-terbit';
import { VERIFIKASI_MSG, tanggalJakarta, verifikasiRows } from '@/domain/verifikasi';
import { PdfCheck } from './pdf-check';
import { type VerifikasiState, useVerifikasi, useVerifikasiOrganisasi } from './use-verifikasi';
import './verifikasi.css';

interface VerifikasiPageProps {
  /** The code of the address ('/verifikasi/{kode}'), or null on '/verifikasi'. */
  kode: string | null;
  /** Opens the page of a typed code (already made comparable by normalizeKode). */
  onCheck: (kode: string) => void;
}

/**
 * The answer to a code typed here takes the focus, so a screen reader reads it and Tab goes on
 * from it; a page opened from a QR code leaves the focus where the browser put it. Outside the
 * component: '/verifikasi' and '/verifikasi/{kode}' are two routes, so the page mounts anew
 * when a typed code opens its address.
 */
const focusAnswer = { pending: false };

/**
 * The public verification page, outside the logged-in app: the organisation's name, logo and
 * contact line at the top, a field to type a code, and for the code of the address the
 * certificate's status and facts as the API answers them, with 'Periksa file PDF'. Opened with a
 * code (a QR code's link, or a typed code) the result comes first and the field below it.
 * Imports nothing of the logged-in screens (its own chunk, with src/domain).
 */
export function VerifikasiPage({ kode, onCheck }: VerifikasiPageProps) {
  const { state, retry } = useVerifikasi(kode);
  const organisasi = useVerifikasiOrganisasi();
  const [typed, setTyped] = useState(kode ?? '');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = `${VERIFIKASI_MSG.title} · ${organisasi?.nama ?? VERIFIKASI_MSG.appName}`;
  }, [organisasi]);
  useEffect(() => setTyped(kode ?? ''), [kode]);
  const settled = state.kind !== 'loading' && state.kind !== 'idle';
  useEffect(() => {
    if (!settled || !focusAnswer.pending) return;
    focusAnswer.pending = false;
    resultRef.current?.focus();
  }, [settled, state]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() === '') return fail(VERIFIKASI_MSG.kodeRequired);
    const normalized = normalizeKode(typed);
    if (!normalized) return fail(VERIFIKASI_MSG.kodeInvalid);
    setError(null);
    focusAnswer.pending = true;
    if (normalized === kode) retry();
    else onCheck(normalized);
  };
  const fail = (message: string) => {
    setError(message);
    inputRef.current?.focus();
  };

  const form = (
    <form className="verifikasi-form" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor="verifikasi-kode">{VERIFIKASI_MSG.kodeLabel}</label>
        <div className="verifikasi-row">
          <input
            ref={inputRef}
            id="verifikasi-kode"
            name="kode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'verifikasi-kode-error' : 'verifikasi-kode-hint'}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            {VERIFIKASI_MSG.check}
          </button>
        </div>
        {error ? (
          <span id="verifikasi-kode-error" className="field-error">
            {error}
          </span>
        ) : (
          <span id="verifikasi-kode-hint" className="muted verifikasi-hint">
            {VERIFIKASI_MSG.kodeHint}
          </span>
        )}
      </div>
    </form>
  );
  const result = (
    <>
      <div aria-live="polite">
        <Result state={state} kode={kode} headingRef={resultRef} retry={retry} />
      </div>
      {state.kind === 'found' && <PdfCheck sha256={state.data.pdf_sha256} dicabut={state.data.status === 'dicabut'} />}
    </>
  );

  return (
    <div className="verifikasi">
      <header className="verifikasi-top">
        {organisasi ? (
          <>
            {organisasi.logo && (
              <img className="verifikasi-logo" src={`/api/verifikasi/organisasi/logo?v=${organisasi.logo}`} alt={`Logo ${organisasi.nama}`} height="36" />
            )}
            <span>{organisasi.nama}</span>
          </>
        ) : (
          state.kind !== 'loading' && (
            <>
              <img src="/icons/icon-192.png" alt="" width="32" height="32" />
              <span>{VERIFIKASI_MSG.appName}</span>
            </>
          )
        )}
      </header>
      <main className="verifikasi-main">
        <h1>{VERIFIKASI_MSG.title}</h1>
        {kode ? (
          <>
            {result}
            {form}
          </>
        ) : (
          <>
            <p className="muted">{VERIFIKASI_MSG.intro}</p>
            {form}
            {result}
          </>
        )}
        {organisasi?.kontak && <p className="muted verifikasi-kontak">{VERIFIKASI_MSG.kontak(organisasi.kontak)}</p>}
      </main>
    </div>
  );
}

function Result({
  state,
  kode,
  headingRef,
  retry,
}: {
  state: VerifikasiState;
  kode: string | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  retry: () => void;
}) {
  if (state.kind === 'idle') return null;
  if (state.kind === 'loading') {
    return (
      <p className="verifikasi-card" role="status">
        {VERIFIKASI_MSG.checking}
      </p>
    );
  }
  const shownKode = kode ? <p className="muted verifikasi-kode">{VERIFIKASI_MSG.kodeShown(kode)}</p> : null;
  if (state.kind === 'notFound') {
    return (
      <section className="verifikasi-card verifikasi-status is-bad">
        <h2 ref={headingRef} tabIndex={-1}>
          <span className="verifikasi-mark" aria-hidden="true">
            ?
          </span>
          {VERIFIKASI_MSG.notFound}
        </h2>
        {shownKode}
        <p>{VERIFIKASI_MSG.notFoundNote}</p>
        <p className="muted verifikasi-format">{VERIFIKASI_MSG.notFoundFormat}</p>
      </section>
    );
  }
  if (state.kind === 'failed') {
    return (
      <section className="verifikasi-card verifikasi-status is-warn" role="alert">
        <h2 ref={headingRef} tabIndex={-1}>
          {state.message}
        </h2>
        <button type="button" className="btn btn-secondary" onClick={retry}>
          {VERIFIKASI_MSG.retry}
        </button>
      </section>
    );
  }
  const { data } = state;
  const valid = data.status === 'valid';
  return (
    <section className={`verifikasi-card verifikasi-status ${valid ? 'is-good' : 'is-bad'}`}>
      <h2 ref={headingRef} tabIndex={-1}>
        <span className="verifikasi-mark" aria-hidden="true">
          {valid ? '✓' : '✕'}
        </span>
        {valid ? VERIFIKASI_MSG.valid : VERIFIKASI_MSG.dicabut}
      </h2>
      <p>
        {valid || !data.dicabut_pada ? VERIFIKASI_MSG.validNote(data.organisasi) : VERIFIKASI_MSG.dicabutNote(tanggalJakarta(data.dicabut_pada))}
      </p>
      <dl className="verifikasi-facts">
        {verifikasiRows(data).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {shownKode}
    </section>
  );
}
