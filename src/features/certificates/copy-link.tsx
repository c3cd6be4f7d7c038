import { useEffect, useId, useRef } from 'react';
import { SERTIFIKAT_MSG } from '@/domain/sertifikat';
import { DetailModal } from '@/ui/detail-modal';

/** Copies `text` with the older copy command on a hidden field; false when the browser refuses. */
function copyWithCommand(text: string): boolean {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.setAttribute('aria-hidden', 'true');
  field.style.position = 'fixed';
  field.style.inset = '0 auto auto 0';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
    previous?.focus();
  }
}

/**
 * Copies `text` to the clipboard: the Clipboard API where the browser offers it (a secure page),
 * else the older copy command. False when neither worked: the caller shows the text to copy by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, page not focused): the copy command may still work.
    }
  }
  return copyWithCommand(text);
}

/** The verification link to copy by hand: a read-only field, selected when the dialog opens. */
export function CopyManualModal({ url, onClose }: { url: string; onClose: () => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  useEffect(() => field.current?.select(), []);
  return (
    <DetailModal size="sm" title={SERTIFIKAT_MSG.copyManualTitle} onClose={onClose}>
      <p id={hintId}>{SERTIFIKAT_MSG.copyManual}</p>
      <textarea
        ref={field}
        className="copy-manual-field"
        readOnly
        rows={3}
        value={url}
        aria-label={SERTIFIKAT_MSG.copyManualTitle}
        aria-describedby={hintId}
        onFocus={(event) => event.currentTarget.select()}
      />
    </DetailModal>
  );
}
